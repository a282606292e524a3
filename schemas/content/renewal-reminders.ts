import { z } from "zod";

/**
 * content/billing/renewal-reminders.yaml: how many days before a charge the customer is e-mailed
 * the date, the price and the link to cancel. `trial_ends`: before the first charge at the regular
 * price, after a trial or an introductory first period. `long_period_renews`: before every renewal
 * of a plan that renews less often than monthly (3 months, a year). A monthly plan's later renewals
 * get no reminder.
 */
export const renewalRemindersFile = z.strictObject({
  trial_ends: z.strictObject({ days_before: z.number().int().min(1).max(14) }),
  long_period_renews: z.strictObject({ days_before: z.number().int().min(1).max(30) }),
});
export type RenewalReminders = z.infer<typeof renewalRemindersFile>;

/** What the file says today; used when an app is built without it (tests that leave content out). */
export const DEFAULT_RENEWAL_REMINDERS: RenewalReminders = { trial_ends: { days_before: 3 }, long_period_renews: { days_before: 7 } };
