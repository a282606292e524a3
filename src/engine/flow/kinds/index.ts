import type { Step, StepKind } from "#schemas/flow/steps.ts";
import { multipleChoice, singleChoice } from "./choice.ts";
import { likert } from "./likert.ts";
import { feedback, info, payment, preCheckout, preparing, result, summary } from "./outcomes.ts";
import { noScore, type KindRules } from "./rules.ts";
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
export const rulesOf = (step: Pick<Step, "kind">): KindRules<StepKind> => stepKinds[step.kind] as unknown as KindRules<StepKind>;

/* Every list of kinds is read off the record above; none is written by hand. */

/** Every step kind, in the record's order. */
export const kindNames = Object.keys(stepKinds) as StepKind[];
/** Kinds whose answer the visitor gives: required before the quiz completes, refused after it. */
export const questionKinds: readonly StepKind[] = kindNames.filter((k) => stepKinds[k].question);
/** Kinds that end a flow: nothing follows them. */
export const terminalKinds: readonly StepKind[] = kindNames.filter((k) => stepKinds[k].terminal);
/** Kinds counted in the progress bar when a step does not say. */
export const progressKinds: readonly StepKind[] = kindNames.filter((k) => stepKinds[k].progress);
/** Kinds a scale may list: their answer can give a number (a choice's only when every option has a value). */
export const numberKinds: readonly StepKind[] = kindNames.filter((k) => stepKinds[k].scorable !== noScore.scorable);
/** Kinds a scale may count reversed. */
export const reversibleKinds: readonly StepKind[] = kindNames.filter((k) => stepKinds[k].reversible);

/** Whether the visitor answers this step (a question). */
export const isQuestion = (step: Pick<Step, "kind">): boolean => stepKinds[step.kind].question;
/** Whether the step moves on without the visitor (a preparing screen): Back passes it by. */
export const passesByItself = (step: Pick<Step, "kind">): boolean => stepKinds[step.kind].passesByItself;
/** Whether the step ends a flow. */
export const isTerminal = (step: Pick<Step, "kind">): boolean => stepKinds[step.kind].terminal;
/** Whether the progress bar counts the step: what the step says, else what its kind says. */
export const countsInProgress = (step: Pick<Step, "kind" | "progress">): boolean => step.progress ?? stepKinds[step.kind].progress;
