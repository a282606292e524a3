import { render } from "./layout.ts";
import { accountLinks, day, money, type PlanMail } from "./subscription-format.ts";

/** The receipt for a renewal charge. */
export const subscriptionRenewedEmail = (m: PlanMail & { amount: number; periodEnd: Date; orderId: string }) =>
  render(m.to, {
    zone: m.timeZone,
    subject: `Receipt: your ${m.planName} plan is renewed`,
    preheader: `We charged ${money(m.amount, m.currency)}. Access continues until ${day(m.periodEnd, m.timeZone)}.`,
    paragraphs: [
      "Hello,",
      `We charged ${money(m.amount, m.currency)} to renew your “${m.planName}” plan. Your access continues until ${day(m.periodEnd, m.timeZone)}, when the plan renews again at the same price.`,
      { text: `Order: ${m.orderId}. A printable receipt is in your account.`, link: { label: "Receipt", url: accountLinks(m.appOrigin).receipt(m.orderId) } },
      "Don't need it any more? Cancel any time from your account, in a few clicks; you keep access until the end of the period you paid for.",
    ],
    action: { label: "Cancel or manage my plan", url: accountLinks(m.appOrigin).unsubscribe },
    footnote: "You received this receipt because your Pathwise plan renews automatically.",
  });
