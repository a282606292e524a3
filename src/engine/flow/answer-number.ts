import type { Flow } from "#schemas/flow/flow.ts";
import type { Step } from "#schemas/flow/steps.ts";
import { rulesOf } from "./kinds/index.ts";
import type { Range } from "./kinds/rules.ts";
import type { Answer } from "./types.ts";

/** The numeric range a step's answer can take, or null when the step gives no number (or its answer set is unknown). */
export const answerRange = (step: Step, answerSets: Flow["answerSets"]): Range | null => rulesOf(step).range(step, answerSets);

/** The number an answer gives its scales, or null when unanswered or not numeric. */
export const answerNumber = (step: Step, answer: Answer | undefined): number | null =>
  answer === undefined || answer === null ? null : rulesOf(step).number(step, answer);
