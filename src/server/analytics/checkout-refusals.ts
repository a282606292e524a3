import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { checkoutRefusals } from "../db/schema.ts";
import { ownedSession, type Caller } from "../services/quiz-sessions.ts";

/**
 * Notes that the checkout refused this run (its rate limit answered 429), so the funnel report
 * counts it as refused, not as dropping off (docs/analytics.md). Only for a quiz session that
 * exists and is the caller's (nobody marks another visitor's run); one row per run and reason,
 * however often it is refused. Never fails: the caller gets its 429 whatever happens here.
 */
export async function noteRefusedCheckout(db: Db, sessionId: string, caller: Caller, log: FastifyBaseLogger): Promise<void> {
  try {
    const session = await ownedSession(db, sessionId, caller);
    if (!session) return;
    await db.insert(checkoutRefusals).values({ quizSessionId: session.id, reason: "rate_limited" }).onConflictDoNothing();
  } catch (error) {
    log.error({ err: error, sessionId }, "could not note a refused checkout");
  }
}
