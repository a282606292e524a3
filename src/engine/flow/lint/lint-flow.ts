import { conditionProblems } from "./lint-conditions.ts";
import { overlappingExperiments } from "./lint-experiment-overlap.ts";
import { experimentStateProblems } from "./lint-experiment-state.ts";
import { graphProblems } from "./lint-graph.ts";
import type { Finding, LintInput } from "./lint-input.ts";
import { duplicatePaths } from "./lint-paths.ts";
import { duplicateStepIds, namedReferences, nextProblems, optionProblems } from "./lint-references.ts";
import { paymentWithoutEmail, scoreBeforeItems } from "./lint-order.ts";
import { paymentBeforeCompletion } from "./lint-completion.ts";
import { pipeProblems } from "./lint-pipes.ts";
import { repeatedValues } from "./lint-repeated-values.ts";
import { scoringProblems } from "./lint-scoring.ts";
import { shuffleProblems } from "./lint-shuffle.ts";
import { bandProblems, experimentIdProblems, optionalInSum, sliderProblems } from "./lint-values.ts";

/** Every check a flow goes through after its schema, in one list. */
const checks: ((input: LintInput) => Finding[])[] = [
  duplicateStepIds,
  nextProblems,
  optionProblems,
  repeatedValues,
  namedReferences,
  conditionProblems,
  scoringProblems,
  sliderProblems,
  bandProblems,
  optionalInSum,
  experimentIdProblems,
  overlappingExperiments,
  experimentStateProblems,
  duplicatePaths,
  graphProblems,
  paymentWithoutEmail,
  paymentBeforeCompletion,
  scoreBeforeItems,
  shuffleProblems,
  pipeProblems,
];

export const lintFlow = (input: LintInput): Finding[] => checks.flatMap((check) => check(input));
