import type { BillingPeriod } from "./product.ts";

/**
 * Every date a subscription's money depends on, in one place for the server and the browser: the
 * first paid period, each renewal, a pause (the pause page shows the date the server will charge).
 * Dates are instants; calendar arithmetic is done in UTC, so a customer's time zone never moves a
 * charge (a purchase at 23:30 in New York on 31 January is 04:30 UTC on 1 February and renews on
 * 1 March UTC). A day the target month lacks becomes its last day: 31 January + 1 month is 28 (or,
 * in a leap year, 29) February; 29 February + 1 year is 28 February. Each date counts from the one
 * before it, so the 31st is not remembered: 31 January → 28 February → 28 March (ADR 049).
 * No other module adds months to a date.
 */

export type Period = BillingPeriod;

const DAY_MS = 86_400_000;
const MONTHS: Record<Exclude<Period, "week">, number> = { month: 1, quarter: 3, year: 12 };

/** `months` calendar months later (or earlier, when negative), at the same UTC time of day. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export const addDays = (start: Date, days: number) => new Date(start.getTime() + days * DAY_MS);

/** The end of `count` billing periods that start at `start`. */
export function addPeriod(start: Date, period: Period, count = 1): Date {
  return period === "week" ? addDays(start, 7 * count) : addMonths(start, MONTHS[period] * count);
}

/** The first paid period: the trial when the plan has one, else one regular period. */
export function firstPeriodEnd(start: Date, plan: { trialDays: number; period: Period }): Date {
  return plan.trialDays > 0 ? addDays(start, plan.trialDays) : addPeriod(start, plan.period);
}

/** When a pause of `months` that starts at the next charge ends, and billing resumes. */
export const pauseEnd = (nextChargeAt: Date, months: number) => addMonths(nextChargeAt, months);

/** "every month", "every 3 months"… in e-mails: the period as words. */
export const periodWords: Record<Period, string> = { week: "week", month: "month", quarter: "3 months", year: "year" };
