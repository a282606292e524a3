import type { CompiledFlow } from "#engine/flow/types.ts";
import { assignVariants } from "#engine/flow/variant.ts";
import { readProgress } from "./session/persistence.ts";
import { cookieId, visitorId } from "./visitor-id.ts";

/**
 * Whether the server's rendering of a funnel page is what this browser's first render draws: the
 * flow's first step in the variants of the visitor the server rendered for (ADR 039). Not when the
 * visitor has a saved place in this flow with answers (the app resumes it), or when the variants
 * this browser keeps (an id or an assignment from before) differ from the ones rendered.
 */
export function serverViewHolds(flow: CompiledFlow): boolean {
  const served = cookieId();
  if (!served) return false;
  const saved = readProgress(flow.code);
  const context = saved?.snapshot.context as { answers?: object; at?: number; variants?: Record<string, string> } | undefined;
  if (Object.keys(context?.answers ?? {}).length > 0 || (context?.at ?? 0) > 0) return false;
  const rendered = assignVariants(served, flow.experiments);
  const mine = assignVariants(visitorId(), flow.experiments, context?.variants);
  return Object.entries(rendered).every(([experiment, variant]) => mine[experiment] === variant);
}
