import type { Step, StepKind } from "../../../../schemas/flow/steps.ts";
import { multipleChoice, singleChoice } from "./choice.ts";
import { likert } from "./likert.ts";
import { feedback, info, payment, preCheckout, preparing, result, summary } from "./outcomes.ts";
import type { KindRules } from "./rules.ts";
import { slider } from "./slider.ts";
import { email, name, shortText } from "./text.ts";

/** One entry per step kind of the schema: a kind without its rules does not compile. */
export const stepKinds: { [K in StepKind]: KindRules<K> } = {
  single_choice: singleChoice,
  multiple_choice: multipleChoice,
  likert,
  slider,
  short_text: shortText,
  info,
  name,
  email,
  summary,
  preparing,
  pre_checkout: preCheckout,
  payment,
  result,
  feedback,
};

/** The rules of a step's own kind. */
export const rulesOf = (step: Step): KindRules<StepKind> => stepKinds[step.kind] as unknown as KindRules<StepKind>;
