import { stringify } from "yaml";
import { kindNames } from "../kinds/index.ts";
import { describe, expect, it } from "vitest";
import type { FlowInput } from "#schemas/flow/flow.ts";
import { loadFlow } from "./load-flow.ts";

type StepInput = FlowInput["steps"][number];

/** A flow file's text; steps and fields are loosely typed so tests can write mistakes. */
const flow = (steps: unknown[], extra: Record<string, unknown> = {}): string =>
  stringify({ code: "test_flow", topic: "career", title: "Test", version: 1, paths: { start: "/quiz/test_flow" }, report: "test_report", steps, ...extra });

const info = (id: string, next?: string): StepInput => ({ id, kind: "info", title: id, body: ["text"], ...(next ? { next } : {}) });
const result = (id = "result"): StepInput => ({ id, kind: "result", title: "Result" });

const problemsOf = (text: string) => {
  const r = loadFlow("f.yaml", text);
  return r.ok ? [] : r.problems;
};

describe("loadFlow", () => {
  it("compiles a good flow: resolved paths, a stable hash, the file", () => {
    const r = loadFlow("flows/t.yaml", flow([info("intro", "more"), { ...info("more", "result"), path: "/elsewhere" }, result()]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.steps.map((s) => s.path)).toEqual(["/quiz/test_flow", "/elsewhere", "/quiz/test_flow/result"]);
    expect(r.value.file).toBe("flows/t.yaml");
    expect(r.value.hash).toMatch(/^[0-9a-z]{11}$/);
    expect(r.value.paths.aliases).toEqual([]);
    const again = loadFlow(
      "other.yaml",
      `# same flow, other formatting\n${flow([info("intro", "more"), { ...info("more", "result"), path: "/elsewhere" }, result()])}`,
    );
    expect(again.ok && again.value.hash).toBe(r.value.hash);
    const changed = loadFlow("flows/t.yaml", flow([info("intro", "more"), info("more", "result"), result()]));
    expect(changed.ok && changed.value.hash).not.toBe(r.value.hash);
  });

  it("collects schema and reference problems together, each with its step id", () => {
    const problems = problemsOf(flow([{ ...info("intro", "reslt"), colour: "blue" }, result()]));
    expect(problems.map((p) => [p.path, p.stepId, p.message, p.hint])).toEqual([
      ["steps.0.next", "intro", 'unknown step "reslt" in next', 'did you mean "result"?'],
      ["steps.0.colour", "intro", 'unknown key "colour"', undefined],
    ]);
  });

  it("explains union mistakes by the form the author meant, a misspelt key once (not again as the key it stands for, missing)", () => {
    const next = [{ if: { equals: { step: "intro", valu: "x" } }, to: "result" }, { to: "result" }];
    const problems = problemsOf(flow([{ ...info("intro"), next }, result()]));
    expect(problems.map((p) => [p.path, p.message, p.hint])).toEqual([["steps.0.next.0.if.equals.valu", 'unknown key "valu"', 'did you mean "value"?']]);
    const wrongCondition = problemsOf(flow([{ ...info("intro"), next: [{ if: { answerd: "intro" }, to: "result" }, { to: "result" }] }, result()]));
    expect(wrongCondition).toEqual([
      expect.objectContaining({ path: "steps.0.next.0.if.answerd", message: 'unknown key "answerd"', hint: 'did you mean "answered"?' }),
    ]);
  });

  it("reports a missing key at its parent, and a misspelt value with a hint", () => {
    const problems = problemsOf(flow([{ id: "intro", kind: "result", layout: "documnt" }]));
    expect(problems).toEqual([
      expect.objectContaining({ path: "steps.0.title", stepId: "intro", message: '"title" is required (string or object)' }),
      expect.objectContaining({ path: "steps.0.layout", stepId: "intro", hint: 'did you mean "document"?' }),
    ]);
  });

  it("tells a step of no kind once, in plain words, with the kinds it could be", () => {
    const kinds = kindNames.join(", ");
    const at = (p: { line: number; column: number; path: string; stepId?: string; message: string; hint?: string }) => [
      `${p.line}:${p.column}`,
      p.path,
      p.stepId,
      p.message,
      p.hint,
    ];
    // The schema alone would list each kind's complaints about this step.
    expect(problemsOf(flow([{ id: "intro", kind: "infoo", tilte: "Hi", next: "result" }, result()])).map(at)).toEqual([
      ["10:11", "steps.0.kind", "intro", 'unknown step kind "infoo"', `did you mean "info"? kinds: ${kinds}`],
    ]);
    expect(problemsOf(flow([{ id: "intro", title: "Hi", next: "result" }, result()])).map(at)).toEqual([
      ["9:5", "steps.0.kind", "intro", "this step has no kind", `add a kind: one of ${kinds}`],
    ]);
    expect(problemsOf(flow([{ id: "intro", kind: 7, title: "Hi", next: "result" }, result()])).map(at)).toEqual([
      ["10:11", "steps.0.kind", "intro", "a step's kind is one word, not the number 7", `kinds: ${kinds}`],
    ]);
    // A bare id where a step goes: told once, and a next naming it is not a second problem.
    expect(problemsOf(flow([info("intro", "more"), "more", result()])).map(at)).toEqual([
      [
        "15:5",
        "steps.1",
        "more",
        'a step is a mapping of keys (id, kind, title, …), not the text "more"',
        'write it as "- id: more" with "kind:" and "title:" on the lines below, lined up with "id:"',
      ],
    ]);
    expect(problemsOf(flow([info("intro", "result"), null, result()])).map(at)).toEqual([
      ["15:5", "steps.1", undefined, "this step is empty", "write its id, kind and title under the dash, indented by two more spaces"],
    ]);
  });

  it("tells a key of another kind as such, not as a misspelling of the nearest key of the step's own kind", () => {
    const problems = problemsOf(flow([{ ...info("intro", "result"), options: [] }, result()]));
    expect(problems).toEqual([
      expect.objectContaining({
        path: "steps.0.options",
        message: 'an info step has no "options"',
        hint: '"options" belongs to single_choice, multiple_choice steps; an info step takes id, path, title, subtitle, next, progress, events, kind, body, image, cta, socialProof',
      }),
    ]);
  });

  it("returns syntax errors without throwing", () => {
    const problems = problemsOf("code: [unclosed\n");
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ file: "f.yaml", path: "" });
  });
});
