import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatProblem, parseLocated, parseYaml } from "./parse-located.ts";

const schema = z.strictObject({ name: z.string(), items: z.array(z.strictObject({ id: z.number(), label: z.string() })) });

describe("parseLocated", () => {
  it("points an unknown key at the key itself, with a hint from the keys the object takes", () => {
    const r = parseLocated("f.yaml", "name: x\nitems:\n  - id: 1\n    lable: one\n", schema);
    // One problem for one mistake: the key "lable" stands for is not told again as missing.
    expect(r).toEqual({
      ok: false,
      problems: [{ file: "f.yaml", line: 4, column: 5, path: "items.0.lable", message: 'unknown key "lable"', hint: 'did you mean "label"?' }],
    });
    // A missing key no unknown key stands for is still told.
    const missing = parseLocated("f.yaml", "name: x\nitems:\n  - id: 1\n    colour: red\n", schema);
    expect(missing.ok ? [] : missing.problems.map((p) => p.message)).toEqual(['"label" is required (string)', 'unknown key "colour"']);
  });

  it("points a wrong value at the value and shifts lines for front matter", () => {
    const r = parseLocated("f.md", "name: x\nitems:\n  - { id: one, label: a }\n", schema, 1);
    expect(r.ok ? [] : r.problems).toEqual([
      { file: "f.md", line: 4, column: 11, path: "items.0.id", message: "Invalid input: expected number, received string" },
    ]);
  });

  it("tells one syntax problem, at its first cause, in plain words with a fix", () => {
    const problems = (text: string) => {
      const r = parseYaml("f.yaml", text);
      return r.ok ? [] : r.problems.map(({ line, column, message, hint }) => ({ line, column, message, hint }));
    };
    expect(problems("steps:\n  - id: a\n\ttitle: x\n  - id: b\n")).toEqual([
      { line: 3, column: 1, message: "a tab indents this line, and YAML indents with spaces only", hint: "replace the tab with spaces, two per level" },
    ]);
    expect(problems("steps:\n  - id: a\n    title: Step 1: begin here\n")).toEqual([
      {
        line: 3,
        column: 12,
        message: 'this text holds ": ", which YAML reads as the start of another key',
        hint: 'put the text in quotes: title: "Step 1: begin here"',
      },
    ]);
    expect(problems("steps:\n  - id: a\n      title: x\n")).toEqual([
      {
        line: 2,
        column: 9,
        message: "the next line is indented deeper than this one, as if it belonged inside this value",
        hint: "indent the keys of one block by the same number of spaces",
      },
    ]);
    expect(problems("a: 1\na: 2\n")).toEqual([{ line: 2, column: 1, message: 'the key "a" is written twice in the same block', hint: "keep one of them" }]);
    expect(problems('steps:\n  - id: a\n    title: "Step one\n  - id: b\n')).toEqual([
      expect.objectContaining({ message: 'a quoted text is never closed (missing closing "quote)', hint: "close the quote on the line where the text ends" }),
    ]);
    expect(problems("steps:\n  - { id: a, title: x\n  - id: b\n")).toEqual([
      { line: 3, column: 3, message: "a { … } is not closed before the next line", hint: "close it on the same line with }" },
    ]);
  });

  it("explains an unknown key with a space in it as unquoted text cut at a comma", () => {
    const options = z.strictObject({ options: z.array(z.strictObject({ id: z.string(), label: z.string() })) });
    const r = parseLocated("f.yaml", "options:\n  - { id: yes, label: Yes, I am }\n", options);
    expect(r.ok ? [] : r.problems).toEqual([
      {
        file: "f.yaml",
        line: 2,
        column: 28,
        path: "options.0.I am",
        message: 'unknown key "I am"',
        hint: "a comma inside unquoted text splits it into a new key: put the text in quotes",
      },
    ]);
  });
});

describe("formatProblem", () => {
  it("reads file:line:column path [step]: message (hint)", () => {
    expect(formatProblem({ file: "f.yaml", line: 3, column: 5, path: "steps.0.next", stepId: "intro", message: "unknown step", hint: "did you mean x?" })).toBe(
      "f.yaml:3:5 steps.0.next [intro]: unknown step (did you mean x?)",
    );
    expect(formatProblem({ file: "f.yaml", line: 1, column: 1, path: "", message: "bad" })).toBe("f.yaml:1:1: bad");
  });
});
