import { render } from "./layout.ts";
import { accountLinks, day, money, type PlanMail } from "./subscription-format.ts";

/** Sent about a week before a paused plan resumes and is charged again. */
export const subscriptionResumeReminderEmail = (m: PlanMail & { resumesAt: Date; amount: number }) =>
  render(m.to, {
    zone: m.timeZone,
    subject: `Your ${m.planName} plan resumes on ${day(m.resumesAt, m.timeZone)}`,
    preheader: `We will charge ${money(m.amount, m.currency)} on ${day(m.resumesAt, m.timeZone)} unless you cancel before then.`,
    paragraphs: [
      "Hello,",
      `Your pause is nearly over: your “${m.planName}” plan resumes on ${day(m.resumesAt, m.timeZone)}, when we charge ${money(m.amount, m.currency)} for the next period.`,
      "Nothing to do if you want to carry on. If you would rather stop, cancel before that date from My plans and you will not be charged.",
    ],
    action: { label: "Manage my plans", url: accountLinks(m.appOrigin).myPlans },
    footnote: "You received this because your Pathwise plan is paused and about to resume.",
  });
