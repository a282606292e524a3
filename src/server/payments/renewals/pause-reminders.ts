import { and, eq, gt, lte } from "drizzle-orm";
import { customers, products, subscriptionActions, subscriptions } from "#server/db/schema.ts";
import { queueMail } from "#server/mail/mail-queue.ts";
import { subscriptionResumeReminderEmail } from "#server/mail/templates/subscription-resume-reminder.ts";
import { discounted } from "../money.ts";
import type { RenewalDeps } from "./renewal-deps.ts";

/** How long before a pause ends the customer is reminded that charges resume. */
const REMINDER_DAYS = 7;

/**
 * E-mails every customer whose paused plan resumes within REMINDER_DAYS, once per pause: the
 * reminder is recorded as a subscription action whose key names the pause's end, and only the run
 * that inserts it queues the mail, in the same transaction, so several instances never send it
 * twice and a crash in between cannot lose it.
 */
export async function sendPauseReminders(deps: RenewalDeps, now: Date): Promise<number> {
  const soon = new Date(now.getTime() + REMINDER_DAYS * 86_400_000);
  const rows = await deps.db
    .select({ sub: subscriptions, email: customers.email, timeZone: customers.timeZone, planName: products.name })
    .from(subscriptions)
    .innerJoin(customers, eq(customers.id, subscriptions.customerId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(and(eq(subscriptions.status, "paused"), gt(subscriptions.pausedUntil, now), lte(subscriptions.pausedUntil, soon)));
  let sent = 0;
  for (const { sub, email, timeZone, planName } of rows) {
    const resumesAt = sub.pausedUntil!;
    const key = `reminder:${sub.id}:${resumesAt.toISOString()}`;
    const queued = await deps.db.transaction(async (tx) => {
      const [recorded] = await tx
        .insert(subscriptionActions)
        .values({ subscriptionId: sub.id, kind: "reminder", idempotencyKey: key, params: { resumesAt: resumesAt.toISOString() } })
        .onConflictDoNothing()
        .returning({ id: subscriptionActions.id });
      if (!recorded) return false;
      const amount = discounted(sub.renewalAmount, sub.discountPercent);
      const message = subscriptionResumeReminderEmail({
        to: email,
        appOrigin: deps.appOrigin,
        planName,
        currency: sub.currency,
        timeZone,
        resumesAt,
        amount,
      });
      return queueMail(tx, "subscription-resume-reminder", message, { dedupeKey: `mail:${key}` });
    });
    if (queued) sent += 1;
  }
  if (sent > 0) deps.mail.kick();
  return sent;
}
