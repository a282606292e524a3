import { render } from "./layout.ts";
import { accountLinks, day, money } from "./subscription-format.ts";

export type RefundNoticeMail = {
  to: string;
  appOrigin: string;
  planName: string;
  currency: string;
  /** Minor units given back. */
  amount: number;
  orderId: string;
  refundedAt: Date;
  /** A first payment (its plan ends and what it unlocked locks) or a renewal charge. */
  kind: "initial" | "renewal";
  timeZone: string | null;
};

/** A payment we took was refunded (by support in the provider's console, or a chargeback): what went back and what it changed. */
export const paymentRefundedNoticeEmail = (m: RefundNoticeMail) =>
  render(m.to, {
    zone: m.timeZone,
    subject: `Your refund of ${money(m.amount, m.currency)} is on its way`,
    preheader: `We refunded ${money(m.amount, m.currency)} for “${m.planName}”. Banks usually show it within 5 to 10 business days.`,
    paragraphs: [
      "Hello,",
      `We refunded ${money(m.amount, m.currency)} for “${m.planName}” on ${day(m.refundedAt, m.timeZone)} (order ${m.orderId}). It goes back to the card or account you paid with; banks usually show it within 5 to 10 business days.`,
      m.kind === "initial"
        ? "Refunding the first payment ends the plan: you will not be charged again, and the reports and account content it unlocked are locked."
        : "This refunds one renewal charge. My plans shows whether your plan is still running and when it would next renew.",
      "The refund is listed in your billing history with its receipt.",
    ],
    action: { label: "See my billing history", url: accountLinks(m.appOrigin).receipt(m.orderId) },
    footnote: "You received this because a payment made with this address at Pathwise was refunded. If you did not ask for it, reply to this e-mail.",
  });
