import { render } from "./layout.ts";
import { accountLinks, day, type PlanMail } from "./subscription-format.ts";

/** The cancel confirmation, on a durable medium: the end date, access until then, no further charges. */
export const subscriptionCancelledEmail = (m: PlanMail & { cancelledAt: Date; accessUntil: Date }) =>
  render(m.to, {
    zone: m.timeZone,
    subject: `Your ${m.planName} plan is cancelled`,
    preheader: `You will not be charged again. Access continues until ${day(m.accessUntil, m.timeZone)}.`,
    paragraphs: [
      "Hello,",
      `Your “${m.planName}” plan was cancelled on ${day(m.cancelledAt, m.timeZone)}. You will not be charged again.`,
      m.accessUntil > m.cancelledAt
        ? `You keep access to everything you paid for until ${day(m.accessUntil, m.timeZone)}; the plan ends then.`
        : "Your last paid period is over, so the plan ends now.",
      m.accessUntil > m.cancelledAt
        ? `Changed your mind? You can restart the plan from My plans until ${day(m.accessUntil, m.timeZone)}, at the same price, with nothing charged before then.`
        : "Changed your mind? You can start the plan again from My plans.",
    ],
    action: { label: "See my plans", url: accountLinks(m.appOrigin).myPlans },
    footnote: "You received this as the confirmation of a cancellation made from your Pathwise account. Keep it for your records.",
  });
