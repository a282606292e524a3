/**
 * The refund terms in one sentence, as the pre-checkout, /pricing and the receipt say them; the
 * refund policy (content/legal/refund-policy.md) says the same at length (ADR 035). Opening the
 * report does not count against a refund: the funnel opens it right after payment.
 */
export const REFUND_DAYS = { first: 14, renewal: 7 } as const;

export const REFUND_TERMS = `Changed your mind? Ask within ${REFUND_DAYS.first} days of your first payment for a full refund, even if you have read your report; a renewal, within ${REFUND_DAYS.renewal} days of its charge.`;
