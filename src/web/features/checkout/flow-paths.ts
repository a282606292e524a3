import { useQuery } from "@tanstack/react-query";
import { flowSummaries, loadFlow } from "virtual:flows";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { paths } from "#web/shared/routing/paths.ts";

export type FlowPaths = { start: string; preCheckout: string; result: string };

/** Where a flow starts, chooses a plan and shows its result (fallbacks: the career test). */
async function flowPaths(code: string | null): Promise<FlowPaths> {
  const summary = flowSummaries.find((f) => f.code === code);
  const start = summary?.start ?? paths.careerQuiz;
  if (!summary) return { start, preCheckout: start, result: start };
  return loadFlow(summary.code).then((flow: CompiledFlow) => {
    const pathOf = (kind: string) => flow.steps.find((s) => s.kind === kind)?.path ?? start;
    return { start, preCheckout: pathOf("pre_checkout"), result: pathOf("result") };
  });
}

/**
 * A flow's key paths, from its compiled file. The funnel itself sends a visitor who has not got
 * that far to the right step, so these links are safe to follow from anywhere.
 */
export function useFlowPaths(code: string | null): FlowPaths | undefined {
  return useQuery({ queryKey: ["flow-paths", code], queryFn: () => flowPaths(code), staleTime: Infinity }).data;
}
