/**
 * The refund terms in one sentence, as the pre-checkout, /pricing, the receipt e-mail and the
 * printable receipt (/account/profile/receipts/:orderId) say them; the
 * refund policy (content/legal/refund-policy.md) says the same at length (ADR 035). Opening the
 * report does not count against a refund: the funnel opens it right after payment.
 */
const REFUND_DAYS = { first: 14, renewal: 7 } as const;

export const REFUND_TERMS = `Changed your mind? Ask within ${REFUND_DAYS.first} days of your first payment for a full refund, even if you have read your report; a renewal, within ${REFUND_DAYS.renewal} days of its charge.`;

/** What a plan includes beyond the report it was bought with (ADR 017), as the receipt and /pricing say it. */
export const PLAN_INCLUDES =
  "While your plan runs, the report of every other assessment you take is included, with nothing more to pay, and so are the education plans, articles and tools in your account.";
