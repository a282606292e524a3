import { describe, expect, it } from "vitest";
import type { Scoring } from "#schemas/flow/scoring.ts";
import type { Step } from "#schemas/flow/steps.ts";
import { conditionProblems } from "./lint-conditions.ts";
import type { Finding, LintInput } from "./lint-input.ts";
import { paymentWithoutEmail, scoreBeforeItems } from "./lint-order.ts";
import { bandProblems, optionalInSum, sliderProblems } from "./lint-values.ts";

const agree5 = [1, 2, 3, 4, 5].map((value) => ({ value, label: `Point ${value}` }));
const likert = (id: string, next: Step["next"]): Step => ({ id, kind: "likert", title: id, answers: "agree5", optional: false, next });
const slider = (id: string, extra: Partial<Extract<Step, { kind: "slider" }>>, next = "result"): Step => ({
  id,
  kind: "slider",
  title: id,
  min: 0,
  max: 10,
  step: 1,
  optional: false,
  next,
  ...extra,
});
const result: Step = { id: "result", kind: "result", title: "Result", body: [], layout: "document" };
const email: Step = { id: "email", kind: "email", title: "E-mail", label: "E-mail", consent: "Terms", next: "pay" };
const pay: Step = { id: "pay", kind: "payment", title: "Pay", body: [], next: "result" };

const input = (steps: Step[], scoring?: Scoring): LintInput => ({
  steps,
  ids: steps.map((s) => s.id),
  startPath: "/quiz/x",
  aliases: [],
  answerSets: { agree5 },
  scoring,
  experiments: [],
  complete: true,
});
const messages = (found: Finding[]) => found.map((f) => (typeof f.message === "string" ? f.message : f.message(() => 0)));

describe("sliders", () => {
  it("an empty range, a start off the steps, and a good slider", () => {
    expect(messages(sliderProblems(input([slider("a", { min: 5, max: 5 }), result])))).toEqual(["max (5) must be greater than min (5)"]);
    expect(messages(sliderProblems(input([slider("a", { step: 2, initial: 3 }), result])))).toEqual([
      "the slider moves from 0 in steps of 2, so it can never show initial 3",
    ]);
    expect(sliderProblems(input([slider("a", { step: 0.5, initial: 2.5 }), result]))).toEqual([]);
  });
});

describe("conditions on numbers", () => {
  it("a likert value outside its answer set, a slider value it cannot take, and text that is not a number", () => {
    const found = conditionProblems(
      input([
        likert("a", [{ if: { equals: { step: "a", value: 6 } }, to: "b" }, { to: "b" }]),
        slider("b", {}, "c"),
        { ...slider("c", {}), next: [{ if: { in: { step: "b", values: [11, 4, "many"] } }, to: "result" }, { to: "result" }] },
        result,
      ]),
    );
    expect(found.map((f) => [f.path.join("."), f.message, f.hint])).toEqual([
      ["steps.0.next.0.if.equals.value", '6 is not an answer of step "a", so this never matches', "values: 1, 2, 3, 4, 5"],
      ["steps.2.next.0.if.in.values.0", 'the slider of step "b" can never be 11, so this never matches', "it moves from 0 to 10 in steps of 1"],
      [
        "steps.2.next.0.if.in.values.2",
        '"many" is text, but step "b" (slider) answers with a number, so this never matches',
        "it moves from 0 to 10 in steps of 1",
      ],
    ]);
  });
});

describe("scores read too early", () => {
  const scoring: Scoring = { interpretation: "levels", scales: [{ id: "strain", name: "Strain", method: "sum", items: ["a", "b"] }] };
  const readStrain: Step["next"] = [{ if: { not: { score: { scale: "strain", gte: 6 } } }, to: "b" }, { to: "b" }];

  it("names the items still to come when some are asked before", () => {
    const found = scoreBeforeItems(input([likert("a", readStrain), likert("b", "result"), result], scoring));
    expect(found).toEqual([
      expect.objectContaining({
        path: ["steps", 0, "next", 0, "if", "not", "score", "scale"],
        message: 'scale "strain" is read at step "a" before its items "b" are asked: the score counts only the answers so far',
      }),
    ]);
  });

  it("is quiet when every item comes before, on every way", () => {
    const after: Step["next"] = [{ if: { score: { scale: "strain", gte: 6 } }, to: "result" }, { to: "result" }];
    expect(scoreBeforeItems(input([likert("a", "b"), likert("b", after), result], scoring))).toEqual([]);
  });
});

describe("bands", () => {
  const scale = (bands: { id: string; from: number }[], method: "sum" | "mean" = "sum"): Scoring => ({
    interpretation: "levels",
    scales: [{ id: "strain", name: "Strain", method, items: ["a", "b"], bands: bands.map((b) => ({ ...b, label: b.id })) }],
  });
  const steps = [likert("a", "b"), likert("b", "result"), result];

  it("scores below the first band, and a band that ends before the lowest score", () => {
    expect(messages(bandProblems(input(steps, scale([{ id: "low", from: 4 }]))))).toEqual([
      'scale "strain" can score as low as 2, below its first band (from 4): those scores get no band',
    ]);
    expect(
      messages(
        bandProblems(
          input(
            steps,
            scale([
              { id: "none", from: 0 },
              { id: "low", from: 1 },
              { id: "high", from: 6 },
            ]),
          ),
        ),
      ),
    ).toEqual(['band "none" ends at 1, at or below the lowest score scale "strain" can reach (2): no answers fall in it']);
  });

  it("reads a mean scale on its items' own range", () => {
    expect(
      bandProblems(
        input(
          steps,
          scale(
            [
              { id: "low", from: 1 },
              { id: "high", from: 3.5 },
            ],
            "mean",
          ),
        ),
      ),
    ).toEqual([]);
    expect(
      messages(
        bandProblems(
          input(
            steps,
            scale(
              [
                { id: "low", from: 1 },
                { id: "off", from: 6 },
              ],
              "mean",
            ),
          ),
        ),
      ),
    ).toEqual(['band "off" starts at 6, above the highest score scale "strain" can reach (5)']);
  });
});

describe("payment", () => {
  it("is fine after an e-mail step on every way", () => {
    expect(paymentWithoutEmail(input([likert("a", "email"), email, pay, result]))).toEqual([]);
    expect(messages(paymentWithoutEmail(input([likert("a", "pay"), email, pay, result])))).toHaveLength(1);
  });
});

describe("optional questions in a scale", () => {
  it("a summed scale with a skippable item is a problem; a mean scale is not", () => {
    const steps = [{ ...likert("a", "b"), optional: true }, likert("b", "result"), result];
    const scoring = (method: "sum" | "mean"): Scoring => ({ interpretation: "levels", scales: [{ id: "strain", name: "Strain", method, items: ["a", "b"] }] });
    expect(optionalInSum(input(steps as Step[], scoring("sum")))).toEqual([
      {
        path: ["scoring", "scales", 0, "items", 0],
        message: 'step "a" may be skipped, and scale "strain" sums its items: a skipped answer would lower the score',
        hint: "use method: mean for this scale, or make the step required",
      },
    ]);
    expect(optionalInSum(input(steps as Step[], scoring("mean")))).toEqual([]);
  });
});
