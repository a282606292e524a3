import { countsInProgress } from "#engine/flow/kinds/index.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";

/** How far through the flow's questions the visitor is, 0–1, counting the steps marked for progress. */
export function flowProgress(flow: CompiledFlow, stepId: string): number {
  const counted = flow.steps.filter(countsInProgress);
  if (!counted.length) return 0;
  const index = flow.steps.findIndex((s) => s.id === stepId);
  const done = counted.filter((s) => flow.steps.indexOf(s) < index).length;
  return done / counted.length;
}
