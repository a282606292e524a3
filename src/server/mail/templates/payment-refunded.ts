import { render } from "./layout.ts";
import { accountLinks, money } from "./subscription-format.ts";

/** A second payment for a quiz that was already paid for was given back (one paid order per quiz). */
export const duplicatePaymentRefundedEmail = (m: { to: string; appOrigin: string; amount: number; currency: string; orderId: string }) =>
  render(m.to, {
    subject: `We refunded a second payment of ${money(m.amount, m.currency)}`,
    preheader: "Your report was already paid for, so we gave the second payment back in full.",
    paragraphs: [
      "Hello,",
      `We received a second payment of ${money(m.amount, m.currency)} for a report that was already paid for, probably from a second tab or after going back in the browser.`,
      "We have refunded that second payment in full. Your report and your plan are not affected, and you will not be charged for it again. Banks usually show a refund within 5 to 10 business days.",
      `Its receipt, with the refund, is in your billing history (order ${m.orderId}).`,
    ],
    action: { label: "See my billing history", url: accountLinks(m.appOrigin).receipt(m.orderId) },
    footnote: "You received this because a payment was made with this e-mail address at Pathwise.",
  });
