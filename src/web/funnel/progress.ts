import { questionKinds } from "../../../schemas/flow/step-kinds.ts";
import type { CompiledFlow } from "../../engine/flow/types.ts";

/** How far through the flow's questions the visitor is, 0–1, counting the steps marked for progress. */
export function flowProgress(flow: CompiledFlow, stepId: string): number {
  const counted = flow.steps.filter((s) => s.progress ?? questionKinds.includes(s.kind));
  if (!counted.length) return 0;
  const index = flow.steps.findIndex((s) => s.id === stepId);
  const done = counted.filter((s) => flow.steps.indexOf(s) < index).length;
  return done / counted.length;
}
