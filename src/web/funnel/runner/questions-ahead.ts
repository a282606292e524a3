import { isQuestion } from "#engine/flow/kinds/index.ts";
import { nextStep, type Variants } from "#engine/flow/next-step.ts";
import type { Answers, CompiledFlow } from "#engine/flow/types.ts";

/** Whether a question still lies ahead of `stepId` on the visitor's way through the flow. */
export function questionsAhead(flow: CompiledFlow, stepId: string, answers: Answers, variants: Variants): boolean {
  const seen = new Set([stepId]);
  for (let id = nextStep(flow, stepId, answers, variants); id !== null && !seen.has(id); id = nextStep(flow, id, answers, variants)) {
    seen.add(id);
    const step = flow.steps.find((s) => s.id === id);
    if (step && isQuestion(step)) return true;
  }
  return false;
}
