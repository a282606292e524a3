import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatProblem, parseLocated, parseYaml } from "./parse-located.ts";

const schema = z.strictObject({ name: z.string(), items: z.array(z.strictObject({ id: z.number(), label: z.string() })) });

describe("parseLocated", () => {
  it("points an unknown key at the key itself, with a hint from the keys the object takes", () => {
    const r = parseLocated("f.yaml", "name: x\nitems:\n  - id: 1\n    lable: one\n", schema);
    expect(r).toEqual({
      ok: false,
      problems: [
        { file: "f.yaml", line: 3, column: 5, path: "items.0.label", message: '"label" is required (string)' },
        { file: "f.yaml", line: 4, column: 5, path: "items.0.lable", message: 'unknown key "lable"', hint: 'did you mean "label"?' },
      ],
    });
  });

  it("points a wrong value at the value and shifts lines for front matter", () => {
    const r = parseLocated("f.md", "name: x\nitems:\n  - { id: one, label: a }\n", schema, 1);
    expect(r.ok ? [] : r.problems).toEqual([
      { file: "f.md", line: 4, column: 11, path: "items.0.id", message: "Invalid input: expected number, received string" },
    ]);
  });

  it("returns every syntax error as a problem", () => {
    const r = parseYaml("f.yaml", "a: [1\nb: 2\n");
    expect(r.ok).toBe(false);
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
