import { rulesOf } from "./kinds/index.ts";
import type { AnswerCheck } from "./kinds/rules.ts";
import type { CompiledFlow } from "./types.ts";

export type { AnswerCheck };

/**
 * Checks a value a visitor sent for one step of a flow, by the step's kind (kinds/), and returns it
 * normalised (text trimmed, e-mail lower-cased). Bad input is a result, never an exception.
 */
export function validateAnswer(flow: CompiledFlow, stepId: string, value: unknown): AnswerCheck {
  const step = flow.steps.find((s) => s.id === stepId);
  if (!step) return { ok: false, message: `${flow.code} has no step "${stepId.slice(0, 64)}"` };
  return rulesOf(step).check(step, value, flow.answerSets);
}
