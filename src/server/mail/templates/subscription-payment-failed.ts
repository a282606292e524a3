import { render } from "./layout.ts";
import { accountLinks, day, money, type PlanMail } from "./subscription-format.ts";

/** A renewal charge failed; either we retry on a date, or the plan has ended. */
export const subscriptionPaymentFailedEmail = (m: PlanMail & { amount: number; retryAt: Date | null }) =>
  render(m.to, {
    zone: m.timeZone,
    subject: m.retryAt ? `We could not renew your ${m.planName} plan` : `Your ${m.planName} plan has ended`,
    preheader: m.retryAt
      ? `The charge of ${money(m.amount, m.currency)} failed. We will try again on ${day(m.retryAt, m.timeZone)}.`
      : "We could not charge your card, so the plan has ended. You will not be charged again.",
    paragraphs: [
      "Hello,",
      `We could not charge ${money(m.amount, m.currency)} to renew your “${m.planName}” plan.`,
      m.retryAt
        ? `We will try again on ${day(m.retryAt, m.timeZone)}. Until a charge succeeds, the plan's paid content is locked.`
        : "After several attempts the plan has ended, and you will not be charged again. Everything you bought once stays yours.",
      m.retryAt
        ? "If you no longer want the plan, cancel it from your account and we will not try again."
        : "You can start a new plan from your account whenever you like.",
    ],
    action: m.retryAt
      ? { label: "Cancel or manage my plan", url: accountLinks(m.appOrigin).unsubscribe }
      : { label: "See my plans", url: accountLinks(m.appOrigin).myPlans },
    footnote: "You received this because your Pathwise plan renews automatically.",
  });
