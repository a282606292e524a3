import { resumeTrail } from "./next-step.ts";
import type { CompiledFlow, FlowContext, FlowInput } from "./types.ts";

/**
 * Where a run of the flow starts: the machine's first context (src/engine/flow/machine.ts) and what
 * the funnel runner draws before the machine is there (ADR 080). Passing earlier answers resumes: the
 * trail of the steps they complete, ending at the first step without an answer.
 */
export function flowStart(flow: CompiledFlow, input: FlowInput): FlowContext {
  const answers = input.answers ?? {};
  const variants = input.variants ?? {};
  const trail = resumeTrail(flow, answers, variants);
  return { answers, trail, at: trail.length - 1, variants, order: input.order ?? { options: {}, groups: {} } };
}

/** The step a run is on. */
export const stepOf = (context: Pick<FlowContext, "trail" | "at">): string => context.trail[context.at] ?? "";
