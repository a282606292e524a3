import type { SubscriptionView } from "./subscriptions-api.ts";

/** Why a customer leaves (union of the usual lists, plus one for a report product). */
export const REASONS = [
  { id: "too_expensive", label: "It costs more than it is worth to me" },
  { id: "not_using", label: "I am not using it enough" },
  { id: "taking_break", label: "I am taking a break for a while" },
  { id: "got_what_i_needed", label: "I already got what I needed from my report" },
  { id: "not_useful", label: "The report or the plans were not useful to me" },
  { id: "technical", label: "Something did not work as it should" },
  { id: "switched", label: "I am using something else" },
  { id: "by_mistake", label: "I subscribed by mistake" },
  { id: "other", label: "Another reason" },
] as const;

type ReasonId = (typeof REASONS)[number]["id"];

export type Offer = { kind: "discount"; percent: number } | { kind: "pause" };

const isReason = (value: string | null): value is ReasonId => REASONS.some((r) => r.id === value);

/**
 * The one offer that fits a reason, if the subscription may still have it: a discount when the
 * price is the problem, a pause for a break or little use. Any other reason gets no offer.
 */
export function offerFor(reason: string | null, subscription: SubscriptionView): Offer | null {
  if (reason === "too_expensive" && subscription.offers.discount_percent) return { kind: "discount", percent: subscription.offers.discount_percent };
  if ((reason === "not_using" || reason === "taking_break") && subscription.offers.pause) return { kind: "pause" };
  return null;
}

/** The reason as the server stores it: the code, and the customer's own words if any. */
export function reasonText(reason: string | null, note: string): string | null {
  const words = note.trim();
  const text = [isReason(reason) ? reason : null, words || null].filter(Boolean).join(": ");
  return text ? text.slice(0, 500) : null;
}
