import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
import type { FlowInput } from "../../../schemas/flow/flow.ts";
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

  it("explains union mistakes by the form the author meant", () => {
    const next = [{ if: { equals: { step: "intro", valu: "x" } }, to: "result" }, { to: "result" }];
    const problems = problemsOf(flow([{ ...info("intro"), next }, result()]));
    expect(problems.map((p) => [p.path, p.message, p.hint])).toEqual([
      ["steps.0.next.0.if.equals.value", '"value" is required (string or number)', undefined],
      ["steps.0.next.0.if.equals.valu", 'unknown key "valu"', 'did you mean "value"?'],
    ]);
    const wrongCondition = problemsOf(flow([{ ...info("intro"), next: [{ if: { answerd: "intro" }, to: "result" }, { to: "result" }] }, result()]));
    expect(wrongCondition).toEqual([
      expect.objectContaining({ path: "steps.0.next.0.if.answerd", message: 'unknown key "answerd"', hint: 'did you mean "answered"?' }),
    ]);
  });

  it("reports a missing key at its parent, and a misspelt topic with a hint", () => {
    const problems = problemsOf(flow([{ id: "intro", kind: "result" }], { topic: "carer" }));
    expect(problems).toEqual([
      expect.objectContaining({ path: "topic", line: 2, hint: 'did you mean "career"?' }),
      expect.objectContaining({ path: "steps.0.title", stepId: "intro", message: '"title" is required (string or object)' }),
    ]);
  });

  it("returns syntax errors without throwing", () => {
    const problems = problemsOf("code: [unclosed\n");
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ file: "f.yaml", path: "" });
  });
});
