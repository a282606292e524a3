import { describe, expect, it } from "vitest";
import type { Step } from "#schemas/flow/steps.ts";
import { graphProblems } from "./lint-graph.ts";
import type { LintInput } from "./lint-input.ts";

const info = (id: string, next?: Step["next"]): Step => ({ id, kind: "info", title: id, body: ["x"], ...(next ? { next } : {}) });
const result = (id = "result", next?: string): Step => ({ id, kind: "result", title: id, body: [], layout: "document", ...(next ? { next } : {}) });
const feedback = (id = "feedback"): Step => ({ id, kind: "feedback", title: id, question: "?" });
const choice = (id: string, next: Step["next"]): Step => ({
  id,
  kind: "single_choice",
  title: id,
  layout: "list",
  optional: false,
  next,
  options: [
    { id: "a", label: "A" },
    { id: "b", label: "B" },
  ],
});

const input = (steps: Step[]): LintInput => ({
  steps,
  ids: steps.map((s) => s.id),
  startPath: "/quiz/x",
  aliases: [],
  answerSets: {},
  scoring: undefined,
  experiments: [],
  complete: true,
});
const messages = (steps: Step[]) =>
  graphProblems(input(steps)).map((f) => `${f.path.join(".")}: ${typeof f.message === "string" ? f.message : f.message(() => 0)}`);
const branch = (to: string, otherwise: string): Step["next"] => [{ if: { answered: "q" }, to }, { to: otherwise }];

describe("graphProblems", () => {
  it("accepts a flow where every way passes a result, with feedback after it", () => {
    expect(messages([choice("q", branch("a", "b")), info("a", "result"), info("b", "result"), result("result", "feedback"), feedback()])).toEqual([]);
  });

  it("finds unreachable steps, dead ends, exitless loops and ways without a result", () => {
    expect(messages([info("intro", "result"), info("lost", "result"), result()])).toEqual(['steps.1.id: step "lost" is never reached from the start']);
    expect(messages([choice("q", branch("stop", "result")), info("stop"), result()])).toEqual([
      'steps.1.id: step "stop" (info) has no next and does not end the flow',
    ]);
    expect(messages([choice("q", branch("a", "result")), info("a", "b"), info("b", "a"), result()])).toEqual([
      "steps.1.next: loop with no exit: a → b → a never reaches a result or feedback step",
    ]);
    expect(messages([choice("q", branch("feedback", "result")), result(), feedback()])).toEqual([
      'steps.2.id: from step "feedback" no way leads to a result step',
    ]);
  });

  it("allows a loop that has a way out", () => {
    expect(messages([info("a", "b"), choice("b", [{ if: { answered: "b" }, to: "result" }, { to: "a" }]), result()])).toEqual([]);
  });

  it("waits for the references to be fixed first (unknown targets, repeated ids, schema problems)", () => {
    expect(messages([info("intro", "nowhere"), result()])).toEqual([]);
    expect(messages([info("intro", "result"), info("intro", "result"), result()])).toEqual([]);
    expect(graphProblems({ ...input([info("intro")]), complete: false })).toEqual([]);
  });
});
