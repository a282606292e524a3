import type { Condition } from "#schemas/flow/condition.ts";
import type { Step } from "#schemas/flow/steps.ts";
import { rulesOf } from "./kinds/index.ts";
import type { Answer, Answers, Scores } from "./types.ts";

/**
 * What a condition is checked against: the flow's steps (whose kinds say how an answer is compared),
 * the answers, the visitor's variants (experiment id → variant id), and scores computed only if a
 * condition asks for them.
 */
export type ConditionScope = { steps: readonly Step[]; answers: Answers; variants: Readonly<Record<string, string>>; scores: () => Scores };

/** Whether the step's answer is the value, as its kind compares them; an unanswered or unknown step matches nothing. */
function matches(scope: ConditionScope, stepId: string, value: string | number): boolean {
  const answer: Answer | undefined = scope.answers[stepId];
  const step = scope.steps.find((s) => s.id === stepId);
  if (answer === undefined || answer === null || !step) return false;
  return rulesOf(step).conditions.matches(answer, value);
}

/** Evaluates a declarative condition. Unanswered steps match nothing (and `not` of them matches). */
export function evaluateCondition(condition: Condition, scope: ConditionScope): boolean {
  if ("equals" in condition) return matches(scope, condition.equals.step, condition.equals.value);
  if ("in" in condition) return condition.in.values.some((v) => matches(scope, condition.in.step, v));
  if ("answered" in condition) {
    const answer = scope.answers[condition.answered];
    return answer !== undefined && answer !== null && !(Array.isArray(answer) && answer.length === 0);
  }
  if ("score" in condition) {
    const { scale, gte, gt, lte, lt } = condition.score;
    const score = scope.scores().scales.find((s) => s.id === scale)?.score;
    if (score === undefined) return false;
    return (gte === undefined || score >= gte) && (gt === undefined || score > gt) && (lte === undefined || score <= lte) && (lt === undefined || score < lt);
  }
  if ("variant" in condition) return scope.variants[condition.variant.experiment] === condition.variant.is;
  if ("not" in condition) return !evaluateCondition(condition.not, scope);
  if ("all" in condition) return condition.all.every((c) => evaluateCondition(c, scope));
  return condition.any.some((c) => evaluateCondition(c, scope));
}
