import { render } from "./layout.ts";
import { accountLinks, day, money, type PlanMail } from "./subscription-format.ts";

/** Sent when the customer accepts the retention discount. */
export const subscriptionDiscountEmail = (m: PlanMail & { percent: number; regularAmount: number; newAmount: number; nextChargeAt: Date | null }) =>
  render(m.to, {
    zone: m.timeZone,
    subject: `${m.percent}% off your ${m.planName} plan`,
    preheader: `Your renewals now cost ${money(m.newAmount, m.currency)} instead of ${money(m.regularAmount, m.currency)}.`,
    paragraphs: [
      "Hello,",
      `A ${m.percent}% discount now applies to every renewal of your “${m.planName}” plan: ${money(m.newAmount, m.currency)} instead of ${money(m.regularAmount, m.currency)}.`,
      m.nextChargeAt
        ? `Your next charge is ${money(m.newAmount, m.currency)} on ${day(m.nextChargeAt, m.timeZone)}.`
        : "The discount applies from your next charge.",
      "You can still cancel any time from My plans, and you will not be charged again.",
    ],
    action: { label: "Manage my plans", url: accountLinks(m.appOrigin).myPlans },
    footnote: "You received this because the discount was accepted from your Pathwise account. If it was not you, reply to this e-mail.",
  });
