export type Period = "week" | "month" | "quarter" | "year";

/** Adds calendar months in UTC; the 31st of a shorter month becomes its last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** The end of a billing period that starts at `start`. */
export function addPeriod(start: Date, period: Period): Date {
  switch (period) {
    case "week":
      return new Date(start.getTime() + 7 * 86_400_000);
    case "month":
      return addMonths(start, 1);
    case "quarter":
      return addMonths(start, 3);
    case "year":
      return addMonths(start, 12);
  }
}

/** The renewal price after a retention discount, rounded to the minor unit. */
export const discounted = (amount: number, percent: number | null) =>
  percent ? Math.round((amount * (100 - percent)) / 100) : amount;
