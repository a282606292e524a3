import { describe, expect, it } from "vitest";
import type { Step } from "#schemas/flow/steps.ts";
import { evaluateCondition } from "./condition.ts";
import { nextStep, resumeTrail } from "./next-step.ts";
import { scoreAnswers } from "./score.ts";
import { compiledForTest, sampleFlow } from "./test-flow.ts";

describe("scoring", () => {
  it("sums items, counts a reversed item as min + max − value, and finds the band", () => {
    const scores = scoreAnswers(sampleFlow(), { tired: 5, rested: 1 });
    expect(scores.scales).toEqual([{ id: "strain", score: 10, min: 2, max: 10, band: "high", answered: 2, items: 2 }]);
    expect(scoreAnswers(sampleFlow(), { tired: 1, rested: 5 }).scales[0]).toMatchObject({ score: 2, band: "low" });
  });

  it("scores what is answered so far", () => {
    expect(scoreAnswers(sampleFlow(), { tired: 4 }).scales[0]).toMatchObject({ score: 4, answered: 1 });
  });

  it("averages with method mean and ranks scales by their place in their own range, ties in declared order", () => {
    const flow = compiledForTest({
      code: "mean_flow",
      topic: "career",
      title: "Mean",
      version: 1,
      paths: { start: "/mean" },
      report: "mean_report",
      answerSets: { like5: [0, 1, 2, 3, 4].map((value) => ({ value, label: `L${value}` })) },
      steps: [
        { id: "a1", kind: "likert", title: "A1", answers: "like5", next: "a2" },
        { id: "a2", kind: "likert", title: "A2", answers: "like5", next: "b1" },
        { id: "b1", kind: "likert", title: "B1", answers: "like5", next: "c1" },
        {
          id: "c1",
          kind: "single_choice",
          title: "C1",
          options: [
            { id: "x", label: "X", value: 0 },
            { id: "y", label: "Y", value: 10 },
          ],
          next: "done",
        },
        { id: "done", kind: "result", title: "Done" },
      ],
      scoring: {
        interpretation: "profile",
        scales: [
          { id: "a", name: "A", items: ["a1", "a2"], method: "mean" },
          { id: "b", name: "B", items: ["b1"] },
          { id: "c", name: "C", items: ["c1"] },
        ],
      },
    });
    const scores = scoreAnswers(flow, { a1: 4, a2: 1, b1: 4, c1: "x" });
    expect(scores.scales.map((s) => [s.id, s.score, s.min, s.max])).toEqual([
      ["a", 2.5, 0, 4],
      ["b", 4, 0, 4],
      ["c", 0, 0, 10],
    ]);
    expect(scores.ranking).toEqual(["b", "a", "c"]);
    expect(scoreAnswers(flow, {}).ranking).toEqual(["a", "b", "c"]);
  });
});

describe("conditions and next steps", () => {
  const tags: Step = { id: "tags", kind: "multiple_choice", title: "Tags", min: 1, options: ["a", "b"].map((id) => ({ id, label: id.toUpperCase() })) };
  const scope = (answers: Record<string, string | number | string[] | null>, variants: Record<string, string> = {}) => ({
    steps: [...sampleFlow().steps, tags],
    answers,
    variants,
    scores: () => scoreAnswers(sampleFlow(), answers),
  });

  it("equals, in, answered, not, all, any", () => {
    expect(evaluateCondition({ equals: { step: "role", value: "manager" } }, scope({ role: "manager" }))).toBe(true);
    expect(evaluateCondition({ equals: { step: "tags", value: "b" } }, scope({ tags: ["a", "b"] }))).toBe(true);
    expect(evaluateCondition({ in: { step: "role", values: ["x", "manager"] } }, scope({ role: "manager" }))).toBe(true);
    expect(evaluateCondition({ answered: "role" }, scope({}))).toBe(false);
    expect(evaluateCondition({ answered: "tags" }, scope({ tags: [] }))).toBe(false);
    expect(evaluateCondition({ not: { answered: "role" } }, scope({}))).toBe(true);
    expect(evaluateCondition({ all: [{ answered: "role" }, { equals: { step: "role", value: "x" } }] }, scope({ role: "manager" }))).toBe(false);
    expect(evaluateCondition({ any: [{ answered: "nope" }, { equals: { step: "role", value: "manager" } }] }, scope({ role: "manager" }))).toBe(true);
    expect(evaluateCondition({ score: { scale: "strain", gt: 3, lte: 6 } }, scope({ tired: 5 }))).toBe(true);
    expect(evaluateCondition({ variant: { experiment: "result-page", is: "b" } }, scope({}, { "result-page": "b" }))).toBe(true);
    expect(evaluateCondition({ variant: { experiment: "result-page", is: "b" } }, scope({}, { "result-page": "a" }))).toBe(false);
    expect(evaluateCondition({ variant: { experiment: "result-page", is: "b" } }, scope({}))).toBe(false);
    expect(evaluateCondition({ score: { scale: "unknown", gte: 0 } }, scope({}))).toBe(false);
  });

  it("nextStep takes the first branch whose condition holds, else the default", () => {
    expect(nextStep(sampleFlow(), "role", { role: "manager" }, {})).toBe("team");
    expect(nextStep(sampleFlow(), "role", { role: "individual" }, {})).toBe("tired");
    expect(nextStep(sampleFlow(), "result", {}, {})).toBeNull();
  });

  it("resumeTrail follows the answers to the first unanswered step", () => {
    expect(resumeTrail(sampleFlow(), {}, {})).toEqual(["intro"]);
    expect(resumeTrail(sampleFlow(), { intro: null, role: "manager", team: 3 }, {})).toEqual(["intro", "role", "team", "tired"]);
  });
});
