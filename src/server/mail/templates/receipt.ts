import { PLAN_INCLUDES, REFUND_TERMS } from "#schemas/content/refund-terms.ts";
import { periodWords, type Period } from "#schemas/content/billing-dates.ts";
import { render } from "./layout.ts";
import { accountLinks, day, money } from "./subscription-format.ts";

export type ReceiptMail = {
  to: string;
  appOrigin: string;
  planName: string;
  currency: string;
  /** Minor units charged today. */
  amount: number;
  orderId: string;
  paidAt: Date;
  /** Null for a one-off purchase. */
  renewal: { at: Date; amount: number; period: Period } | null;
  /** The one-click login link (temporary token) and how long it works. */
  loginUrl: string;
  loginMinutes: number;
  /** The customer's IANA time zone the dates are written in (null: UTC). */
  timeZone: string | null;
};

/** Sent once, on the first successful payment: what was bought, what renews when, how to cancel, and a login link. */
export function receiptEmail(m: ReceiptMail) {
  const paid = money(m.amount, m.currency);
  const renewal = m.renewal
    ? `Your plan renews on ${day(m.renewal.at, m.timeZone)} at ${money(m.renewal.amount, m.currency)}, and then every ${periodWords[m.renewal.period]} at that price, until you cancel. We will not charge you before that date.`
    : "This was a one-off payment: nothing renews.";
  return render(m.to, {
    zone: m.timeZone,
    subject: `Your Pathwise receipt: ${m.planName}, ${paid}`,
    preheader: `Payment received: ${paid}. Your report is in your account.`,
    paragraphs: [
      "Hello,",
      `Thank you: we received your payment of ${paid} for “${m.planName}” on ${day(m.paidAt, m.timeZone)} (order ${m.orderId}).`,
      renewal,
      `To cancel, log in and open Account → Profile → My plans (${m.appOrigin}/account/profile/my-plans), then “Cancel subscription”. It takes a few clicks, and you keep access until the end of the period you paid for.`,
      ...(m.renewal ? [PLAN_INCLUDES] : []),
      REFUND_TERMS,
      `A printable receipt is in your account, with every later charge, under Profile → Billing history: ${accountLinks(m.appOrigin).receipt(m.orderId)}`,
      `Your personal report is being prepared and will be in your account. The button below logs you in; it works once, for ${m.loginMinutes} minutes. After that, ask for a new link on the login page (${m.appOrigin}/login).`,
    ],
    action: { label: "Open my account", url: m.loginUrl },
    footnote: "You received this because a payment was made at Pathwise with this address. If it was not you, reply to this e-mail.",
  });
}
