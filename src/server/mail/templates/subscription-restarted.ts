import { render } from "./layout.ts";
import { accountLinks, day, money, type PlanMail } from "./subscription-format.ts";

/** Sent when a cancelled plan is restarted before its paid time ran out: what will be charged, and when. */
export const subscriptionRestartedEmail = (m: PlanMail & { nextAmount: number; nextChargeAt: Date; period: string }) =>
  render(m.to, {
    zone: m.timeZone,
    subject: `Your ${m.planName} plan is restarted`,
    preheader: `Nothing is charged today. The next charge is ${money(m.nextAmount, m.currency)} on ${day(m.nextChargeAt, m.timeZone)}.`,
    paragraphs: [
      "Hello,",
      `Your “${m.planName}” plan is running again. Nothing is charged today: you have already paid until ${day(m.nextChargeAt, m.timeZone)}.`,
      `On ${day(m.nextChargeAt, m.timeZone)} the plan renews at ${money(m.nextAmount, m.currency)}, then ${m.period} until you cancel.`,
      "You can cancel or pause it any time from My plans.",
    ],
    action: { label: "See my plans", url: accountLinks(m.appOrigin).myPlans },
    footnote: "You received this because the plan was restarted from your Pathwise account. If it was not you, reply to this e-mail.",
  });
