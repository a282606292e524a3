import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { consentAllows } from "#schemas/consent/consent.ts";
import { customers, leadFollowUps, orders, quizSessions } from "../db/schema.ts";
import { queueMail } from "../mail/mail-queue.ts";
import { leadFollowUpEmail } from "../mail/templates/lead-follow-up.ts";
import { sessionReport } from "../reports/session-report.ts";
import { titleOf } from "../quiz/quiz-email-step.ts";
import { sessionFinished } from "../quiz/quiz-resume.ts";
import type { QuizSession } from "../quiz/quiz-sessions.ts";
import { hashSecretToken, newSecretToken } from "../platform/secret-token.ts";
import { FOLLOW_UP_PATHS, followUpUrl } from "./links.ts";
import { optedOut, type CancelReason } from "./schedule.ts";

type Due = typeof leadFollowUps.$inferSelect;
/** Rows looked at per pass. */
const BATCH = 100;

/** Whether an order of this address was refunded (the refund cancels its other follow-ups too). */
async function refundedAddress(app: FastifyInstance, email: string): Promise<boolean> {
  const [row] = await app.services.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(sql`lower(${customers.email}) = ${email.toLowerCase()}`, eq(orders.status, "refunded")))
    .limit(1);
  return row !== undefined;
}

/** Why a due follow-up must not go out now, checked when it is due: what happened since it was scheduled. */
async function reasonNotToSend(app: FastifyInstance, row: Due, session: QuizSession | null): Promise<CancelReason | null> {
  const { db } = app.services;
  if (!session) return "account_deleted";
  if (await optedOut(db, row.recipient)) return "unsubscribed";
  if (!consentAllows(session.consent, "marketing")) return "no_consent";
  if (await sessionFinished(db, session.id)) {
    const [refund] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.quizSessionId, session.id), eq(orders.status, "refunded")))
      .limit(1);
    return refund ? "refund" : "purchase";
  }
  if (await refundedAddress(app, row.recipient)) return "refund";
  return null;
}

/** The e-mail of one due follow-up, or why it cannot be written (the flow no longer has it, or no result yet). */
async function compose(app: FastifyInstance, row: Due, session: QuizSession) {
  const { services } = app;
  // The version the session ran (ADR 066), which scheduled the follow-up: its copy and its scoring.
  const inputs = services.reports.inputsForSession(session);
  const flow = inputs?.flow;
  const copy = flow?.follow_ups?.find((f) => f.id === row.followUpId);
  if (!flow || !copy || !inputs) return { cancel: "flow_changed" as const };
  const teaser = await sessionReport(services.db, session, inputs, "teaser");
  if (!teaser?.summary.trim()) return { cancel: "no_result" as const };
  const link = newSecretToken();
  const unsubscribe = newSecretToken();
  const message = leadFollowUpEmail({
    to: row.recipient,
    copy,
    quizTitle: await titleOf(app, flow),
    summary: teaser.summary.trim(),
    url: followUpUrl(services.env.APP_ORIGIN, FOLLOW_UP_PATHS.open, link),
    unsubscribeUrl: followUpUrl(services.env.APP_ORIGIN, FOLLOW_UP_PATHS.unsubscribe, unsubscribe),
  });
  return { message, link, unsubscribe };
}

/**
 * Queues in the mail outbox every follow-up due by the app's clock, or cancels it with its reason
 * (ADR 060). Only the pass that moves a row from scheduled to sent queues its e-mail, in the same
 * transaction, so several passes or instances never send one twice and a crash loses none. Says
 * how many were queued.
 */
export async function sendDueFollowUps(app: FastifyInstance): Promise<number> {
  const { db, clock } = app.services;
  const now = clock.now();
  const due = await db
    .select({ row: leadFollowUps, session: quizSessions })
    .from(leadFollowUps)
    .leftJoin(quizSessions, eq(quizSessions.id, leadFollowUps.quizSessionId))
    .where(and(eq(leadFollowUps.status, "scheduled"), lte(leadFollowUps.dueAt, now)))
    .orderBy(asc(leadFollowUps.dueAt))
    .limit(BATCH);
  let queued = 0;
  const cancelled = new Map<CancelReason, string[]>();
  for (const { row, session } of due) {
    const reason = await reasonNotToSend(app, row, session);
    const mail = reason || !session ? null : await compose(app, row, session);
    const cancel = reason ?? (mail && "cancel" in mail ? mail.cancel : null);
    if (cancel) {
      cancelled.set(cancel, [...(cancelled.get(cancel) ?? []), row.id]);
      continue;
    }
    if (!mail || "cancel" in mail) continue;
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(leadFollowUps)
        .set({ status: "sent", sentAt: now, linkTokenHash: hashSecretToken(mail.link), unsubscribeTokenHash: hashSecretToken(mail.unsubscribe) })
        .where(and(eq(leadFollowUps.id, row.id), eq(leadFollowUps.status, "scheduled")))
        .returning({ id: leadFollowUps.id });
      if (!claimed) return false;
      await queueMail(tx, "lead-follow-up", mail.message, { dedupeKey: `lead-follow-up:${row.id}` });
      return true;
    });
    if (sent) queued += 1;
  }
  for (const [reason, ids] of cancelled) {
    await db
      .update(leadFollowUps)
      .set({ status: "cancelled", cancelReason: reason })
      .where(and(inArray(leadFollowUps.id, ids), eq(leadFollowUps.status, "scheduled")));
  }
  if (queued > 0) app.services.mail.kick();
  return queued;
}
