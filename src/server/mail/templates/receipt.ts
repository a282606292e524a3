import { PLAN_INCLUDES, REFUND_TERMS } from "#schemas/content/refund-terms.ts";
import { periodWords, type Period } from "#schemas/content/billing-dates.ts";
import { render, type Paragraph } from "./layout.ts";
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
  /**
   * The personal report the payment bought, and whether it was ready when this receipt was written;
   * null when it bought none (a plan on its own).
   */
  report: { code: string; ready: boolean } | null;
  /** The one-click login link (temporary token) and how long it works. */
  loginUrl: string;
  loginMinutes: number;
  /** The customer's IANA time zone the dates are written in (null: UTC). */
  timeZone: string | null;
};

/** The report's sentence, as the report stood when the receipt was written: ready (with its link), being prepared, or none bought. */
function reportParagraph(m: ReceiptMail): Paragraph[] {
  if (!m.report) return [];
  if (m.report.ready)
    return [
      {
        text: "Your personal report is ready and saved in your account.",
        link: { label: "Your report", url: accountLinks(m.appOrigin).report(m.report.code) },
      },
    ];
  return ["Your personal report is being prepared. We will e-mail you as soon as it is ready, and it stays in your account."];
}

const preheaderAbout = (report: ReceiptMail["report"]) =>
  !report ? "" : report.ready ? " Your report is ready in your account." : " Your report is being prepared.";

/** Sent once, on the first successful payment: what was bought, what renews when, how to cancel, and a login link. */
export function receiptEmail(m: ReceiptMail) {
  const paid = money(m.amount, m.currency);
  const links = accountLinks(m.appOrigin);
  const renewal = m.renewal
    ? `Your plan renews on ${day(m.renewal.at, m.timeZone)} at ${money(m.renewal.amount, m.currency)}, and then every ${periodWords[m.renewal.period]} at that price, until you cancel. We will not charge you before that date.`
    : "This was a one-off payment: nothing renews.";
  return render(m.to, {
    zone: m.timeZone,
    subject: `Your Pathwise receipt: ${m.planName}, ${paid}`,
    preheader: `Payment received: ${paid}.${preheaderAbout(m.report)}`,
    paragraphs: [
      "Hello,",
      `Thank you: we received your payment of ${paid} for “${m.planName}” on ${day(m.paidAt, m.timeZone)} (order ${m.orderId}).`,
      renewal,
      {
        text: "To cancel, log in and open Account → Profile → My plans, then “Cancel subscription”. It takes a few clicks, and you keep access until the end of the period you paid for.",
        link: { label: "My plans", url: links.myPlans },
      },
      ...(m.renewal ? [PLAN_INCLUDES] : []),
      REFUND_TERMS,
      {
        text: "A printable receipt is in your account, with every later charge, under Profile → Billing history.",
        link: { label: "Receipt", url: links.receipt(m.orderId) },
      },
      ...reportParagraph(m),
      {
        text: `The button below logs you in; it works once, for ${m.loginMinutes} minutes. After that, ask for a new link on the login page.`,
        link: { label: "Login page", url: links.login },
      },
    ],
    action: { label: "Open my account", url: m.loginUrl },
    footnote: "You received this because a payment was made at Pathwise with this address. If it was not you, reply to this e-mail.",
  });
}
