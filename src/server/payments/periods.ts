export type Period = "week" | "month" | "quarter" | "year";

const MONTHS: Record<Exclude<Period, "week">, number> = { month: 1, quarter: 3, year: 12 };

/** Calendar months in UTC; a day that does not exist (31 Jan + 1 month) becomes the month's last day. */
function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The end of one billing period that starts at `start`. */
export function addPeriod(start: Date, period: Period, count = 1): Date {
  if (period === "week") return new Date(start.getTime() + count * 7 * 86_400_000);
  return addMonths(start, MONTHS[period] * count);
}

export const addDays = (start: Date, days: number) => new Date(start.getTime() + days * 86_400_000);

/** The first paid period: the trial when the plan has one, else one regular period. */
export function firstPeriodEnd(start: Date, plan: { trialDays: number; period: Period }): Date {
  return plan.trialDays > 0 ? addDays(start, plan.trialDays) : addPeriod(start, plan.period);
}

/** "every month", "every 3 months"… for e-mails and pages. */
export const periodWords: Record<Period, string> = { week: "week", month: "month", quarter: "3 months", year: "year" };
