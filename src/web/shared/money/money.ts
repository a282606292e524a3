import type { ProductView } from "#schemas/api/payments.ts";
import { formatMoney } from "#schemas/content/money.ts";

export type { ProductView };
export type Period = ProductView["period"];

/**
 * An amount in minor units (cents) in its own currency: "US$29.99", "CA$26.99", "€1.99". The rule
 * is shared with the server's e-mails, receipts and sandbox pages (schemas/content/money.ts).
 */
export { formatMoney };

const EVERY: Record<Period, string> = { week: "every week", month: "every month", quarter: "every 3 months", year: "every year" };
const FIRST: Record<Period, string> = {
  week: "for the first week",
  month: "for the first month",
  quarter: "for the first 3 months",
  year: "for the first year",
};
const PER: Record<Period, string> = { week: "a week", month: "a month", quarter: "every 3 months", year: "a year" };

/** "every month", "every 3 months". */
export const everyPeriod = (period: Period) => EVERY[period];

/** "a month", used after a price: "US$29.99 a month". */
export const perPeriod = (period: Period) => PER[period];

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** What the first charge covers: "for 7 days", "for the first month". */
export function firstTerm(plan: Pick<ProductView, "trial_days" | "period">): string {
  return plan.trial_days > 0 ? `for ${days(plan.trial_days)}` : FIRST[plan.period];
}

/**
 * A plan's price in plain words, first charge and renewal together:
 * "US$1.99 today for 7 days, then US$29.99 every month until you cancel".
 */
export function planTerms(plan: Pick<ProductView, "trial_days" | "period" | "currency" | "first_amount" | "renewal_amount">): string {
  const today = formatMoney(plan.first_amount, plan.currency);
  const renewal = formatMoney(plan.renewal_amount, plan.currency);
  if (plan.trial_days === 0 && plan.first_amount === plan.renewal_amount) {
    return `${today} today, then ${renewal} ${EVERY[plan.period]} until you cancel`;
  }
  return `${today} today ${firstTerm(plan)}, then ${renewal} ${EVERY[plan.period]} until you cancel`;
}
