import type { CompiledFlow } from "../../engine/flow/types.ts";
import { assignVariants } from "../../engine/flow/variant.ts";
import { readProgress } from "./persistence.ts";
import { visitorId } from "./visitor-id.ts";

/**
 * Whether the server's rendering of a funnel page is what this browser's first render draws: the
 * flow's first step in the visitor's variants (ADR 039). Not when the visitor has a saved place
 * in this flow with answers (the app resumes it), or variants kept from before that differ.
 */
export function serverViewHolds(flow: CompiledFlow): boolean {
  const saved = readProgress(flow.code);
  if (!saved) return true;
  const context = saved.snapshot.context as { answers?: object; at?: number; variants?: Record<string, string> } | undefined;
  if (Object.keys(context?.answers ?? {}).length > 0 || (context?.at ?? 0) > 0) return false;
  const fresh = assignVariants(visitorId(), flow.experiments);
  const kept = assignVariants(visitorId(), flow.experiments, context?.variants);
  return Object.entries(fresh).every(([experiment, variant]) => kept[experiment] === variant);
}
