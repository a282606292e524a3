import { describe, expect, it } from "vitest";
import type { Step } from "#schemas/flow/steps.ts";
import { paymentBeforeCompletion } from "./lint-completion.ts";

const step = (id: string, kind: Step["kind"], next?: Step["next"]) => ({ id, kind, title: id, ...(next ? { next } : {}) }) as Step;
const question = (id: string, next: Step["next"]) => step(id, "short_text", next);
const branch = (to: string, otherwise: string): Step["next"] => [{ if: { answered: "q" }, to }, { to: otherwise }];

const problems = (steps: Step[]) =>
  paymentBeforeCompletion({
    steps,
    ids: steps.map((s) => s.id),
    startPath: "/quiz/x",
    aliases: [],
    answerSets: {},
    scoring: undefined,
    experiments: [],
    complete: true,
  }).map((f) => `${f.path.join(".")}: ${typeof f.message === "string" ? f.message : ""}`);

describe("paymentBeforeCompletion", () => {
  it("accepts the live funnels' shape: a tally before the e-mail, the completing preparing step after it", () => {
    expect(
      problems([
        question("q", "tally"),
        step("tally", "preparing", "email"),
        step("email", "email", "analysing"),
        step("analysing", "preparing", "pay"),
        step("pay", "payment", "result"),
        step("result", "result", "feedback"),
        step("feedback", "feedback"),
      ]),
    ).toEqual([]);
  });

  it("accepts branches that each pass a completing preparing step, and refuses the one branch that does not", () => {
    const flow = (otherwise: string) => [
      question("q", branch("a", otherwise)),
      step("a", "preparing", "pay"),
      step("b", "preparing", "pay"),
      step("c", "info", "pay"),
      step("pay", "payment", "result"),
      step("result", "result"),
    ];
    expect(problems(flow("b"))).toEqual([]);
    expect(problems(flow("c"))).toEqual([
      'steps.4.id: payment step "pay" is reached with the quiz unfinished: on the way q → c → pay, no preparing step comes after the last question ("q"), so the checkout refuses every visitor there (quiz_incomplete)',
    ]);
  });

  it("refuses a question after the payment: the preparing step before it can never complete the quiz", () => {
    expect(
      problems([
        question("q", "analysing"),
        step("analysing", "preparing", "pay"),
        step("pay", "payment", "late"),
        question("late", "result"),
        step("result", "result"),
      ]),
    ).toEqual(['steps.3.id: question "late" comes after a payment step: the checkout takes only a completed quiz, and a completed quiz takes no more answers']);
  });
});
