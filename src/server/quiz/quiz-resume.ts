import { and, eq, gt, inArray, isNull, ne, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { leadFollowUps, orders, quizSessions, reportRequests } from "../db/schema.ts";
import { addSeconds, type Clock } from "../platform/clock.ts";
import type { QuizSession } from "./quiz-sessions.ts";
import { hashSecretToken, newSecretToken } from "../platform/secret-token.ts";

/**
 * A "continue where you left off" link works for 30 days, as often as needed, until the quiz is
 * finished (its report paid for or granted, see `sessionFinished`). A scored quiz is not finished
 * yet: the link is mailed at the e-mail step, after scoring, and the visitor continues to the
 * pre-checkout on the device that opens it, with the scored answers frozen.
 */
export const RESUME_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * A new resume token for the session, unless one already went to this address. The check and the
 * write are one statement, so two simultaneous e-mail answers cannot both mail a link. A token for
 * another address replaces the old one (the session now belongs to that address).
 */
export async function issueResumeToken(db: Db, clock: Clock, sessionId: string, email: string): Promise<string | null> {
  const token = newSecretToken();
  const now = clock.now();
  const [row] = await db
    .update(quizSessions)
    .set({ resumeTokenHash: hashSecretToken(token), resumeExpiresAt: addSeconds(now, RESUME_TTL_SECONDS), resumeSentTo: email, updatedAt: now })
    .where(and(eq(quizSessions.id, sessionId), or(isNull(quizSessions.resumeSentTo), ne(quizSessions.resumeSentTo, email))))
    .returning({ id: quizSessions.id });
  return row ? token : null;
}

export type ResumeLookup = { ok: true; session: QuizSession } | { ok: false; finished: boolean };

/**
 * Whether a session's run is over: an order for it is paid, under review or refunded, or its
 * report was granted (a report request exists, e.g. included in a plan). From then on the report
 * is read by logging in, never through the session (ADR 011).
 */
export async function sessionFinished(db: Db, sessionId: string): Promise<boolean> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.quizSessionId, sessionId), inArray(orders.status, ["paid", "needs_review", "refunded"])))
    .limit(1);
  if (order) return true;
  const [request] = await db.select({ id: reportRequests.id }).from(reportRequests).where(eq(reportRequests.quizSessionId, sessionId)).limit(1);
  return request !== undefined;
}

/** The session a follow-up e-mail's link opens (ADR 060): for RESUME_TTL_SECONDS after it was sent, like the "continue" link. */
async function byFollowUpLink(db: Db, clock: Clock, hash: string): Promise<QuizSession | undefined> {
  const [found] = await db
    .select({ session: quizSessions })
    .from(leadFollowUps)
    .innerJoin(quizSessions, eq(quizSessions.id, leadFollowUps.quizSessionId))
    .where(and(eq(leadFollowUps.linkTokenHash, hash), gt(leadFollowUps.sentAt, addSeconds(clock.now(), -RESUME_TTL_SECONDS))));
  return found?.session;
}

/**
 * The session a resume token opens (the e-mailed "continue" link, or a follow-up e-mail's): unknown
 * and expired tokens look the same; a finished session opens nothing.
 */
export async function findByResumeToken(db: Db, clock: Clock, token: string): Promise<ResumeLookup> {
  const hash = hashSecretToken(token);
  const [byResumeLink] = await db
    .select()
    .from(quizSessions)
    .where(and(eq(quizSessions.resumeTokenHash, hash), gt(quizSessions.resumeExpiresAt, clock.now())));
  const row = byResumeLink ?? (await byFollowUpLink(db, clock, hash));
  if (!row) return { ok: false, finished: false };
  if (await sessionFinished(db, row.id)) return { ok: false, finished: true };
  return { ok: true, session: row };
}
