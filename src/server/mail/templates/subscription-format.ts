/** Money and dates as subscription e-mails show them (dates in UTC, like the account area). */
export const money = (minor: number, currency: string) => new Intl.NumberFormat("en-US", { style: "currency", currency }).format(minor / 100);

export const day = (date: Date) => date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** Links to the account area the subscription e-mails point at. */
export const accountLinks = (appOrigin: string) => ({
  myPlans: `${appOrigin}/account/profile/my-plans`,
  unsubscribe: `${appOrigin}/account/profile/unsubscribe`,
});

export type PlanMail = { to: string; appOrigin: string; planName: string; currency: string };
