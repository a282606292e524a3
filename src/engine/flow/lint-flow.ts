import { conditionProblems } from "./lint-conditions.ts";
import { graphProblems } from "./lint-graph.ts";
import type { Finding, LintInput } from "./lint-input.ts";
import { duplicatePaths } from "./lint-paths.ts";
import { duplicateStepIds, namedReferences, nextProblems, optionProblems } from "./lint-references.ts";
import { scoringProblems } from "./lint-scoring.ts";

/** Every check a flow goes through after its schema, in one list. */
const checks: ((input: LintInput) => Finding[])[] = [
  duplicateStepIds,
  nextProblems,
  optionProblems,
  namedReferences,
  conditionProblems,
  scoringProblems,
  duplicatePaths,
  graphProblems,
];

export const lintFlow = (input: LintInput): Finding[] => checks.flatMap((check) => check(input));
