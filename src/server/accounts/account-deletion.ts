import { and, eq, inArray } from "drizzle-orm";
import {
  authTokens,
  checkoutCaptures,
  coachBookings,
  conversionOutbox,
  customerEduPlanProgress,
  customerEduPlans,
  customers,
  feedback,
  orders,
  quizSessions,
  reportRequests,
  sessions,
  subscriptions,
  toolEntries,
} from "../db/schema.ts";
import { forgetFollowUps } from "../follow-ups/schedule.ts";
import { queueMail } from "../mail/mail-queue.ts";
import { accountDeletedEmail } from "../mail/templates/account-deleted.ts";
import { cancelSessionsOfDeletedAccount, type CoachingDeps } from "../content/coaching-bookings.ts";
import { cancelSubscription, type ChangeDeps } from "../payments/subscriptions-changes.ts";
import { deletedAddress } from "../auth/deleted-address.ts";

const LIVE = ["active", "paused", "past_due"] as const;

/** What the deletion needs of coaching to cancel upcoming sessions and tell the coach; null where coaching is not offered. */
export type DeletionCoaching = Pick<CoachingDeps, "config" | "notifyEmail" | "appOrigin"> | null;

/**
 * Deletes a customer's account (ADR 029). First every live plan is cancelled with its provider, so
 * nothing is charged again (without the "plan cancelled" e-mail: its "you keep access until …" is
 * not true of a deleted account); if a provider fails, that error is thrown and nothing is deleted.
 * Then, in one transaction: upcoming coaching sessions are cancelled with a notice to the coach;
 * sessions, tokens, quiz answers and reports, plan progress, tool entries and bookings are deleted,
 * feedback is unlinked, and the customer row keeps only what the payment records need (its id),
 * with an unreachable address, no password and no consent. One goodbye e-mail goes to the old
 * address. Deleting an account already deleted does nothing.
 */
export async function deleteAccount(deps: ChangeDeps, customerId: string, coaching: DeletionCoaching): Promise<void> {
  const { db, clock } = deps;
  const live = await db.select({ id: subscriptions.id, status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.customerId, customerId));
  const toCancel = live.filter((s) => (LIVE as readonly string[]).includes(s.status));
  for (const sub of toCancel) {
    await cancelSubscription(deps, customerId, sub.id, "account deleted", undefined, { withMail: false });
  }
  await db.transaction(async (tx) => {
    const [me] = await tx.select({ email: customers.email, timeZone: customers.timeZone }).from(customers).where(eq(customers.id, customerId)).for("update");
    if (!me || me.email === deletedAddress(customerId)) return;
    const cancelledSessions = coaching ? await cancelSessionsOfDeletedAccount(tx, { ...coaching, db: tx, now: clock.now() }, { id: customerId, ...me }) : [];
    await tx.delete(sessions).where(eq(sessions.customerId, customerId));
    await tx.delete(authTokens).where(eq(authTokens.customerId, customerId));
    await tx.delete(toolEntries).where(eq(toolEntries.customerId, customerId));
    await tx.delete(coachBookings).where(eq(coachBookings.customerId, customerId));
    await tx.delete(customerEduPlanProgress).where(eq(customerEduPlanProgress.customerId, customerId));
    await tx.delete(customerEduPlans).where(eq(customerEduPlans.customerId, customerId));
    const quizzes = await tx.select({ id: quizSessions.id }).from(quizSessions).where(eq(quizSessions.customerId, customerId));
    await tx.delete(reportRequests).where(eq(reportRequests.customerId, customerId));
    if (quizzes.length)
      await tx.delete(quizSessions).where(
        inArray(
          quizSessions.id,
          quizzes.map((q) => q.id),
        ),
      );
    await tx.update(feedback).set({ customerId: null }).where(eq(feedback.customerId, customerId));
    // Nothing more about this person reaches an ad platform (ADR 056): events not sent are cancelled, what checkout captured goes.
    await tx
      .update(conversionOutbox)
      .set({ status: "cancelled", claimedUntil: null, event: {} })
      .where(and(eq(conversionOutbox.customerId, customerId), inArray(conversionOutbox.status, ["queued", "preview"])));
    await tx
      .delete(checkoutCaptures)
      .where(inArray(checkoutCaptures.orderId, tx.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId))));
    await forgetFollowUps(tx, me.email, deletedAddress(customerId));
    await tx
      .update(customers)
      .set({
        email: deletedAddress(customerId),
        passwordHash: null,
        marketingConsent: false,
        marketingConsentAt: null,
        isOnboarded: false,
        updatedAt: clock.now(),
      })
      .where(eq(customers.id, customerId));
    await queueMail(tx, "account-deleted", accountDeletedEmail(me.email, { plans: toCancel.length, sessions: cancelledSessions }));
  });
  deps.mail.kick();
}
