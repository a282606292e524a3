import { flowSummaries } from "virtual:flows";
import { paths } from "#web/shared/routing/paths.ts";

export type FlowPaths = { start: string; preCheckout: string; result: string };

/**
 * Where a flow starts, chooses a plan and shows its result, from the summaries in the main bundle:
 * known on the payment pages' first render, so a link there never points anywhere else while a
 * chunk loads (fallback: the career test, for an order without a quiz). The funnel itself sends a
 * visitor who has not got that far to the right step, so these links are safe to follow from anywhere.
 */
export function flowPaths(code: string | null): FlowPaths {
  const summary = flowSummaries.find((f) => f.code === code);
  return summary
    ? { start: summary.start, preCheckout: summary.preCheckout, result: summary.result }
    : { start: paths.careerQuiz, preCheckout: paths.careerQuiz, result: paths.careerQuiz };
}
