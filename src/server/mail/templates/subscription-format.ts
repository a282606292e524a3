import { formatMoney } from "#schemas/content/money.ts";
import { timeZoneOrUtc } from "#schemas/content/time-zone.ts";
import { HOUSE_LOCALE, LONG_DATE } from "#schemas/content/house-locale.ts";

/** Money as everywhere else ("US$29.99", schemas/content/money.ts). */
export const money = formatMoney;

/** "12 March 2027": the day `date` falls on in the customer's time zone (UTC when they have none); the e-mail names the zone once (layout.ts). */
export const day = (date: Date, timeZone: string | null) => date.toLocaleDateString(HOUSE_LOCALE, { ...LONG_DATE, timeZone: timeZoneOrUtc(timeZone) });

/** Links to the account area the e-mails point at. */
export const accountLinks = (appOrigin: string) => ({
  myPlans: `${appOrigin}/account/profile/my-plans`,
  unsubscribe: `${appOrigin}/account/profile/unsubscribe`,
  /** The click-to-cancel page of one subscription: "Cancel now" is on it, no call, no chat. */
  cancel: (subId: string) => `${appOrigin}/account/profile/unsubscribe?${new URLSearchParams({ sub_id: subId })}`,
  /** The printable receipt of one order (billing history in the profile). */
  receipt: (orderId: string) => `${appOrigin}/account/profile/receipts/${orderId}`,
  /** A personal report in the account, by its report code. */
  report: (reportCode: string) => `${appOrigin}/account/reports/${encodeURIComponent(reportCode)}`,
  login: `${appOrigin}/login`,
});

/** Every subscription e-mail: who, the plan, its currency and the customer's time zone (IANA name; null: UTC). */
export type PlanMail = { to: string; appOrigin: string; planName: string; currency: string; timeZone: string | null };
