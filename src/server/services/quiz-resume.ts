import { and, eq, gt, isNull, ne, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { quizSessions } from "../db/schema.ts";
import { addSeconds, type Clock } from "./clock.ts";
import type { QuizSession } from "./quiz-sessions.ts";
import { hashSecretToken, newSecretToken } from "./secret-token.ts";

/**
 * A "continue where you left off" link works for 30 days, as often as needed. After the quiz is
 * completed it still opens the session (the visitor continues to the pre-checkout on that device),
 * but the scored answers no longer change.
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

export type ResumeLookup = { ok: true; session: QuizSession } | { ok: false };

/** The session a resume token opens: unknown and expired tokens look the same. */
export async function findByResumeToken(db: Db, clock: Clock, token: string): Promise<ResumeLookup> {
  const [row] = await db
    .select()
    .from(quizSessions)
    .where(and(eq(quizSessions.resumeTokenHash, hashSecretToken(token)), gt(quizSessions.resumeExpiresAt, clock.now())));
  if (!row) return { ok: false };
  return { ok: true, session: row };
}
