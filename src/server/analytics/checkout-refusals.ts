import type { FastifyBaseLogger } from "fastify";
import { checkoutRefusalReason } from "#schemas/api/checkout-refusals.ts";
import type { Db } from "../db/client.ts";
import { checkoutRefusals } from "../db/schema.ts";
import { HttpError } from "../errors.ts";
import { ownedSession, type Caller } from "../quiz/quiz-sessions.ts";

/**
 * Notes that the checkout refused this run, with its reason (the error code it answered), so the
 * funnel report counts it as refused, not as dropping off (docs/analytics.md). Every refusal the
 * checkout answers passes here (src/server/routes/payments/checkout-start.ts); an error that is no
 * refusal of the run (a crash) is not noted. Only for a quiz session that exists and is the
 * caller's (nobody marks another visitor's run); one row per run and reason, however often it is
 * refused. Never fails: the caller gets the refusal whatever happens here.
 */
export async function noteRefusedCheckout(db: Db, sessionId: string, caller: Caller, refusal: unknown, log: FastifyBaseLogger): Promise<void> {
  if (!(refusal instanceof HttpError)) return;
  const reason = checkoutRefusalReason.safeParse(refusal.code);
  if (!reason.success) {
    log.warn({ code: refusal.code, sessionId }, "a checkout refusal with no reason in CHECKOUT_REFUSAL_REASONS: the funnel report cannot count it");
    return;
  }
  try {
    const session = await ownedSession(db, sessionId, caller);
    if (!session) return;
    await db.insert(checkoutRefusals).values({ quizSessionId: session.id, reason: reason.data }).onConflictDoNothing();
  } catch (error) {
    log.error({ err: error, sessionId }, "could not note a refused checkout");
  }
}
