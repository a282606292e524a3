import { passesByItself } from "./kinds/index.ts";
import { evaluateCondition } from "./condition.ts";
import { scoreAnswers } from "./score.ts";
import type { Answers, CompiledFlow } from "./types.ts";

/** The visitor's experiment variants: experiment id → variant id (branches may read them). */
export type Variants = Readonly<Record<string, string>>;

/** The step that follows `stepId` given the answers and variants, or null at the end of the flow. */
export function nextStep(flow: CompiledFlow, stepId: string, answers: Answers, variants: Variants): string | null {
  const step = flow.steps.find((s) => s.id === stepId);
  if (!step?.next) return null;
  if (typeof step.next === "string") return step.next;
  let scores: ReturnType<typeof scoreAnswers> | undefined;
  const scope = { steps: flow.steps, answers, variants, scores: () => (scores ??= scoreAnswers(flow, answers)) };
  return step.next.find((branch) => !branch.if || evaluateCondition(branch.if, scope))?.to ?? null;
}

/**
 * The steps a visitor with these answers has completed, from the start, ending at the first step
 * without an answer (where they continue). Used to resume on another device or after a flow
 * change: answers to steps that no longer exist are simply never reached.
 */
export function resumeTrail(flow: CompiledFlow, answers: Answers, variants: Variants): string[] {
  const first = flow.steps[0];
  if (!first) return [];
  const trail = [first.id];
  for (let current = first.id; current in answers;) {
    const next = nextStep(flow, current, answers, variants);
    if (!next || trail.includes(next)) break;
    trail.push(next);
    current = next;
  }
  return trail;
}

/**
 * Where Back from `at` on the trail goes: the latest step before it that does not move on by itself
 * (a preparing screen would send the visitor straight forward again), or -1 when there is none.
 */
export function backIndex(flow: Pick<CompiledFlow, "steps">, trail: readonly string[], at: number): number {
  for (let i = Math.min(at, trail.length) - 1; i >= 0; i--) {
    const step = flow.steps.find((s) => s.id === trail[i]);
    if (!step || !passesByItself(step)) return i;
  }
  return -1;
}
