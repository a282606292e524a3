import { periodWords, type Period } from "#schemas/content/billing-dates.ts";
import { render } from "./layout.ts";
import { accountLinks, day, money, type PlanMail } from "./subscription-format.ts";

/** Why the customer is reminded: a trial or an introductory first period ends, or a plan longer than a month renews. */
export type ReminderReason = "trial_ends" | "intro_price_ends" | "long_period_renews";

export type RenewalReminderMail = PlanMail & {
  reason: ReminderReason;
  subId: string;
  /** When the charge is made. */
  chargeAt: Date;
  /** Minor units that will be charged, discount included. */
  amount: number;
  /** The regular price, when a discount makes `amount` lower. */
  regularAmount: number;
  discountPercent: number | null;
  period: Period;
};

const SUBJECT: Record<ReminderReason, (date: string, price: string, plan: string) => string> = {
  trial_ends: (date, price) => `Your trial ends on ${date}: ${price} will be charged`,
  intro_price_ends: (date, price) => `Your introductory price ends on ${date}: ${price} will be charged`,
  long_period_renews: (date, price, plan) => `Your ${plan} plan renews on ${date}: ${price} will be charged`,
};

/**
 * Sent once before a charge the customer may not expect (content/billing/renewal-reminders.yaml):
 * the date, the price with any discount, what follows, and the direct link to cancel in the account.
 */
export function subscriptionRenewalReminderEmail(m: RenewalReminderMail) {
  const date = day(m.chargeAt, m.timeZone);
  const price = money(m.amount, m.currency);
  const every = `every ${periodWords[m.period]}`;
  const cancelUrl = accountLinks(m.appOrigin).cancel(m.subId);
  const what: Record<ReminderReason, string> = {
    trial_ends: `The trial of your “${m.planName}” plan ends on ${date}. Unless you cancel before then, we will charge ${price} on that day to the card you paid with, and then ${price} ${every} until you cancel.`,
    intro_price_ends: `The introductory price of your “${m.planName}” plan ends on ${date}. Unless you cancel before then, we will charge ${price} on that day to the card you paid with, and then ${price} ${every} until you cancel.`,
    long_period_renews: `Your “${m.planName}” plan renews on ${date}. Unless you cancel before then, we will charge ${price} on that day to the card you paid with for the next ${periodWords[m.period]}, and then ${price} ${every} until you cancel.`,
  };
  return render(m.to, {
    zone: m.timeZone,
    subject: SUBJECT[m.reason](date, price, m.planName),
    preheader: `${price} on ${date} unless you cancel. Cancelling takes one click in your account.`,
    paragraphs: [
      "Hello,",
      what[m.reason],
      ...(m.discountPercent && m.amount < m.regularAmount
        ? [`That is your price with the ${m.discountPercent}% discount you accepted; the regular price is ${money(m.regularAmount, m.currency)}.`]
        : []),
      {
        text: `To cancel, open this link and click “Cancel now”. It is one click once you are logged in, with no call and no chat. You keep access until ${date}, and nothing more is charged.`,
        link: { label: "Cancel your plan", url: cancelUrl },
      },
      "Want to carry on? There is nothing to do.",
    ],
    action: { label: "Cancel my plan", url: cancelUrl },
    footnote:
      "You received this because your Pathwise plan renews automatically. We write before a trial or an introductory price ends, and before each renewal of a plan longer than a month.",
  });
}
