import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  coachBookings,
  customerEduPlanProgress,
  customerEduPlans,
  customers,
  feedback,
  orders,
  quizAnswers,
  quizSessions,
  reportRequests,
  subscriptionActions,
  subscriptions,
  toolEntries,
} from "../db/schema.ts";

/**
 * Everything the service holds about one customer, as they would want to read it (ADR 029): the
 * account, quiz answers and scores, reports, orders and subscriptions (without payment-provider
 * references or tokens), plan progress, tool entries, coaching bookings and feedback. Only rows of
 * this customer, selected by their id.
 */
export async function exportAccount(db: Db, customerId: string, now: Date) {
  const [me] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!me) return null;
  const sessions = await db.select().from(quizSessions).where(eq(quizSessions.customerId, customerId));
  const sessionIds = sessions.map((s) => s.id);
  const answers = sessionIds.length ? await db.select().from(quizAnswers).where(inArray(quizAnswers.sessionId, sessionIds)) : [];
  const subs = await db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId));
  const actions = subs.length
    ? await db
        .select()
        .from(subscriptionActions)
        .where(
          inArray(
            subscriptionActions.subscriptionId,
            subs.map((s) => s.id),
          ),
        )
    : [];
  const iso = (d: Date | null) => (d ? d.toISOString() : null);

  return {
    exported_at: now.toISOString(),
    account: {
      email: me.email,
      created_at: iso(me.createdAt),
      has_password: me.passwordHash !== null,
      marketing_consent: me.marketingConsent,
      marketing_consent_at: iso(me.marketingConsentAt),
    },
    quizzes: sessions.map((s) => ({
      id: s.id,
      quiz: s.flowCode,
      status: s.status,
      started_at: iso(s.createdAt),
      completed_at: iso(s.completedAt),
      scores: s.scores,
      answers: answers.filter((a) => a.sessionId === s.id).map((a) => ({ step: a.stepId, answer: a.value, answered_at: iso(a.answeredAt) })),
    })),
    reports: (await db.select().from(reportRequests).where(eq(reportRequests.customerId, customerId))).map((r) => ({
      report: r.reportCode,
      status: r.status,
      requested_at: iso(r.createdAt),
      ready_at: iso(r.readyAt),
      document: r.document,
    })),
    orders: (await db.select().from(orders).where(eq(orders.customerId, customerId))).map((o) => ({
      id: o.id,
      product: o.productId,
      kind: o.kind,
      report: o.reportCode,
      amount_minor: o.amount,
      currency: o.currency,
      status: o.status,
      created_at: iso(o.createdAt),
      paid_at: iso(o.paidAt),
    })),
    subscriptions: subs.map((s) => ({
      id: s.id,
      product: s.productId,
      status: s.status,
      renewal_amount_minor: s.renewalAmount,
      currency: s.currency,
      current_period_end: iso(s.currentPeriodEnd),
      paused_until: iso(s.pausedUntil),
      cancelled_at: iso(s.cancelledAt),
      cancel_reason: s.cancelReason,
      changes: actions.filter((a) => a.subscriptionId === s.id).map((a) => ({ change: a.kind, at: iso(a.createdAt), details: a.params })),
    })),
    education_plans: {
      taken: (await db.select().from(customerEduPlans).where(eq(customerEduPlans.customerId, customerId))).map((p) => ({
        plan_id: p.planId,
        taken_at: iso(p.takenAt),
        completed_at: iso(p.completedAt),
      })),
      completed: (await db.select().from(customerEduPlanProgress).where(eq(customerEduPlanProgress.customerId, customerId))).map((p) => ({
        plan_id: p.planId,
        [p.kind]: p.itemId,
        completed_at: iso(p.completedAt),
      })),
    },
    tool_entries: (await db.select().from(toolEntries).where(eq(toolEntries.customerId, customerId))).map((e) => ({
      tool: e.toolName,
      data: e.data,
      created_at: iso(e.createdAt),
      updated_at: iso(e.updatedAt),
    })),
    coaching_bookings: (await db.select().from(coachBookings).where(eq(coachBookings.customerId, customerId))).map((b) => ({
      session: b.sessionCode,
      starts_at: iso(b.startsAt),
      ends_at: iso(b.endsAt),
      status: b.status,
      note: b.note,
    })),
    feedback: (await db.select().from(feedback).where(eq(feedback.customerId, customerId))).map((f) => ({
      page: f.form,
      rating: f.rating,
      comment: f.comment,
      report: f.promptCode,
      sent_at: iso(f.createdAt),
    })),
  };
}
