import { dateFormatter } from "#web/shared/dates/format-date.ts";
import type { BillingLine, Receipt } from "./billing-api.ts";

/** "12 March 2027, 14:05 GMT+1": a receipt names the time and its zone. */
export const billingDateTime = dateFormatter({
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
});

/** What a line is: "First payment", "Renewal", "Refund of a renewal". */
export function lineWhat(line: Pick<BillingLine, "type" | "order_kind">): string {
  const charge = line.order_kind === "initial" ? "first payment" : "renewal";
  return line.type === "refund" ? `Refund of the ${charge}` : charge === "renewal" ? "Renewal" : "First payment";
}

const PERIOD: Record<Receipt["period"], string> = { week: "a week", month: "a month", quarter: "3 months", year: "a year" };

/** The receipt's description: "7-day trial: first payment, for a 7-day trial" or "3 months: renewal for 3 months". */
export function receiptDescription(r: Pick<Receipt, "plan_name" | "order_kind" | "trial_days" | "period">): string {
  if (r.order_kind === "renewal") return `${r.plan_name}: renewal for ${PERIOD[r.period]}`;
  return r.trial_days > 0 ? `${r.plan_name}: first payment, for a ${r.trial_days}-day trial` : `${r.plan_name}: first payment, for ${PERIOD[r.period]}`;
}
