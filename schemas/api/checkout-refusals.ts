import { z } from "zod";

/**
 * Why the checkout (POST /checkout/start) refused a run: the error code it answered. Every refusal
 * of a run that is the caller's own is noted with its reason (src/server/analytics/checkout-refusals.ts),
 * and the funnel report counts such a run as refused, by reason, not as leaving (docs/analytics.md).
 */
export const CHECKOUT_REFUSAL_REASONS = [
  "rate_limited",
  "quiz_incomplete",
  "email_required",
  "already_paid",
  "plan_active",
  "not_found",
  "currency_unavailable",
  "payments_unavailable",
  "plan_not_offered",
] as const;
export const checkoutRefusalReason = z.enum(CHECKOUT_REFUSAL_REASONS).describe("The checkout's error code for the refusal");
export type CheckoutRefusalReason = z.infer<typeof checkoutRefusalReason>;

/** Each reason in a few words, as the console, the command and the CSV name it. */
const refusalReasonLabels: Record<CheckoutRefusalReason, string> = {
  rate_limited: "too many attempts",
  quiz_incomplete: "quiz not complete",
  email_required: "no e-mail",
  already_paid: "already paid",
  plan_active: "has a plan",
  not_found: "plan not on sale",
  currency_unavailable: "currency not sold",
  payments_unavailable: "payments down",
  plan_not_offered: "plan not in its offer",
};

/** How many runs ended refused for each reason (a run refused for two reasons counts under both). */
export const refusalCounts = z
  .array(z.object({ reason: checkoutRefusalReason, runs: z.number().int() }))
  .describe("The refused runs by the checkout's reason, most first");

type RefusalCounts = z.infer<typeof refusalCounts>;

/** Several lists of counts added up (the groups' into the whole report's), most first. */
export function addRefusals(lists: RefusalCounts[]): RefusalCounts {
  const runs = new Map<CheckoutRefusalReason, number>();
  for (const c of lists.flat()) runs.set(c.reason, (runs.get(c.reason) ?? 0) + c.runs);
  return [...runs]
    .map(([reason, n]) => ({ reason, runs: n }))
    .sort((a, b) => b.runs - a.runs || CHECKOUT_REFUSAL_REASONS.indexOf(a.reason) - CHECKOUT_REFUSAL_REASONS.indexOf(b.reason));
}

/** "quiz not complete 3, too many attempts 1"; "" for none. */
export const describeRefusals = (counts: RefusalCounts) => counts.map((c) => `${refusalReasonLabels[c.reason]} ${c.runs}`).join(", ");
