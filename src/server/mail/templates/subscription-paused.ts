import { render } from "./layout.ts";
import { accountLinks, day, money, type PlanMail } from "./subscription-format.ts";

/** Sent when the customer pauses a plan. */
export const subscriptionPausedEmail = (m: PlanMail & { months: number; accessUntil: Date; resumesAt: Date; nextAmount: number }) =>
  render(m.to, {
    zone: m.timeZone,
    subject: `Your ${m.planName} plan is paused`,
    preheader: `No charges until ${day(m.resumesAt, m.timeZone)}. Your reports stay yours; the rest of your account stays open until ${day(m.accessUntil, m.timeZone)}.`,
    paragraphs: [
      "Hello,",
      `Your “${m.planName}” plan is paused for ${m.months} month${m.months === 1 ? "" : "s"}. You will not be charged while it is paused.`,
      `Your reports stay yours. Education plans, articles, tools and coaching stay open until ${day(m.accessUntil, m.timeZone)}, the end of the period you have paid for; after that they are locked until the plan resumes. Your progress is kept.`,
      `The plan resumes on ${day(m.resumesAt, m.timeZone)}, when we charge ${money(m.nextAmount, m.currency)} for the next period.`,
      "Would you rather stop for good? You can cancel any time from My plans, and you will not be charged again.",
    ],
    action: { label: "Manage my plans", url: accountLinks(m.appOrigin).myPlans },
    footnote: "You received this because the plan was paused from your Pathwise account. If it was not you, reply to this e-mail and we will undo it.",
  });
