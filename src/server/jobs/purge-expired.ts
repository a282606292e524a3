import { and, eq, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { authTokens, mailOutbox, quizSessions, rateLimits, sessions } from "../db/schema.ts";
import { RATE_LIMIT_LONGEST_WINDOW_SECONDS } from "../platform/rate-limiter.ts";

export type PurgeReport = { rateLimits: number; sessions: number; authTokens: number; resumeTokens: number; sentMail: number };

/** Sent e-mails are kept (kind, subject, address; the body is cleared on sending) this long for support. */
const SENT_MAIL_KEEP_DAYS = 30;

/**
 * Deletes what can no longer be used: rate-limit windows that have ended (no limit is longer than
 * RATE_LIMIT_LONGEST_WINDOW_SECONDS), expired login sessions and e-mailed tokens, and expired
 * "continue your quiz" tokens (the session itself stays), and sent e-mails older than 30 days. Safe to run on several instances at once.
 */
export async function purgeExpired(db: Db, now: Date): Promise<PurgeReport> {
  const windowsBefore = new Date(now.getTime() - RATE_LIMIT_LONGEST_WINDOW_SECONDS * 1000);
  const limits = await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, windowsBefore)).returning({ key: rateLimits.key });
  const ended = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.absoluteExpiresAt, now)))
    .returning({ id: sessions.idHash });
  const tokens = await db.delete(authTokens).where(lt(authTokens.expiresAt, now)).returning({ id: authTokens.tokenHash });
  const resume = await db
    .update(quizSessions)
    .set({ resumeTokenHash: null, resumeExpiresAt: null })
    .where(and(isNotNull(quizSessions.resumeTokenHash), lt(quizSessions.resumeExpiresAt, now)))
    .returning({ id: sql<string>`${quizSessions.id}` });
  const mailBefore = new Date(now.getTime() - SENT_MAIL_KEEP_DAYS * 86_400_000);
  const mail = await db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, "sent"), lt(mailOutbox.sentAt, mailBefore)))
    .returning({ id: mailOutbox.id });
  return { rateLimits: limits.length, sessions: ended.length, authTokens: tokens.length, resumeTokens: resume.length, sentMail: mail.length };
}
