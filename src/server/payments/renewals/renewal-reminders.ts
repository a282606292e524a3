import { and, eq, gt, lte, sql } from "drizzle-orm";
import { DEFAULT_RENEWAL_REMINDERS, type RenewalReminders } from "#schemas/content/renewal-reminders.ts";
import { customers, orders, products, subscriptionActions, subscriptions } from "#server/db/schema.ts";
import { queueMail } from "#server/mail/mail-queue.ts";
import { subscriptionRenewalReminderEmail, type ReminderReason } from "#server/mail/templates/subscription-renewal-reminder.ts";
import { discounted } from "../money.ts";
import type { Period } from "#schemas/content/billing-dates.ts";
import type { RenewalDeps } from "./renewal-deps.ts";

const DAY_MS = 86_400_000;
/** Plans that renew less often than monthly: every renewal is announced. */
const LONG_PERIODS: readonly Period[] = ["quarter", "year"];

type Candidate = {
  /** Whether the next charge is the first one at the regular price. */
  firstRenewal: boolean;
  trialDays: number;
  period: Period;
  firstAmount: number;
  renewalAmount: number;
};

/**
 * Why the customer hears about the next charge, and how many days ahead; null: no reminder (a
 * monthly plan after its first regular charge, or one that was bought at its regular price).
 */
export function reminderFor(c: Candidate, lead: RenewalReminders): { reason: ReminderReason; daysBefore: number } | null {
  if (c.firstRenewal && c.trialDays > 0) return { reason: "trial_ends", daysBefore: lead.trial_ends.days_before };
  if (c.firstRenewal && c.firstAmount !== c.renewalAmount) return { reason: "intro_price_ends", daysBefore: lead.trial_ends.days_before };
  if (LONG_PERIODS.includes(c.period)) return { reason: "long_period_renews", daysBefore: lead.long_period_renews.days_before };
  return null;
}

/**
 * E-mails every customer whose active plan is charged within its lead time (content/billing/
 * renewal-reminders.yaml) the date, the price with any discount and the link to cancel: before a
 * trial or an introductory first period ends, and before each renewal of a plan longer than a
 * month. Once per charge date: the reminder is a subscription action whose key names the
 * subscription and the date, and only the run that inserts it queues the mail, in the same
 * transaction, so several runs or instances never send it twice and a crash cannot lose it. Paused,
 * cancelled, failing (past due) and ended plans are not reminded.
 */
export async function sendRenewalReminders(deps: RenewalDeps, now: Date): Promise<number> {
  const lead = deps.reminders ?? DEFAULT_RENEWAL_REMINDERS;
  const furthest = new Date(now.getTime() + Math.max(lead.trial_ends.days_before, lead.long_period_renews.days_before) * DAY_MS);
  const paidRenewals = sql<boolean>`exists (select 1 from ${orders} r where r.subscription_id = ${subscriptions.id} and r.kind = 'renewal' and r.status in ('paid', 'refunded'))`;
  const rows = await deps.db
    .select({
      sub: subscriptions,
      email: customers.email,
      timeZone: customers.timeZone,
      planName: products.name,
      trialDays: products.trialDays,
      period: products.period,
      firstAmount: orders.amount,
      renewed: paidRenewals,
    })
    .from(subscriptions)
    .innerJoin(customers, eq(customers.id, subscriptions.customerId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(and(eq(subscriptions.status, "active"), gt(subscriptions.nextChargeAt, now), lte(subscriptions.nextChargeAt, furthest)));

  let sent = 0;
  for (const row of rows) {
    const { sub } = row;
    const chargeAt = sub.nextChargeAt!;
    const reminder = reminderFor(
      { firstRenewal: !row.renewed, trialDays: row.trialDays, period: row.period, firstAmount: row.firstAmount, renewalAmount: sub.renewalAmount },
      lead,
    );
    if (!reminder || chargeAt.getTime() - now.getTime() > reminder.daysBefore * DAY_MS) continue;
    const amount = discounted(sub.renewalAmount, sub.discountPercent);
    const key = `renewal_reminder:${sub.id}:${chargeAt.toISOString()}`;
    const queued = await deps.db.transaction(async (tx) => {
      const [recorded] = await tx
        .insert(subscriptionActions)
        .values({
          subscriptionId: sub.id,
          kind: "renewal_reminder",
          idempotencyKey: key,
          params: { reason: reminder.reason, charge_at: chargeAt.toISOString(), amount, currency: sub.currency },
        })
        .onConflictDoNothing()
        .returning({ id: subscriptionActions.id });
      if (!recorded) return false;
      const message = subscriptionRenewalReminderEmail({
        to: row.email,
        appOrigin: deps.appOrigin,
        planName: row.planName,
        currency: sub.currency,
        timeZone: row.timeZone,
        reason: reminder.reason,
        subId: sub.id,
        chargeAt,
        amount,
        regularAmount: sub.renewalAmount,
        discountPercent: sub.discountPercent,
        period: row.period,
      });
      return queueMail(tx, "subscription-renewal-reminder", message, { dedupeKey: `mail:${key}` });
    });
    if (queued) sent += 1;
  }
  if (sent > 0) deps.mail.kick();
  return sent;
}
