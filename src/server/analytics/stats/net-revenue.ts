import type { RunOutcome } from "../funnel-queries.ts";

/**
 * A visitor's net revenue, in minor units: the first charge, plus every renewal of the
 * subscription it bought, less everything refunded of either (ADR 064). The one rule the
 * verdicts on revenue per visitor use.
 */
export const netRevenue = (run: Pick<RunOutcome, "firstCharge" | "renewalAmount" | "refundAmount">): number =>
  run.firstCharge + run.renewalAmount - run.refundAmount;
