import { and, eq, sql } from "drizzle-orm";
import { consentAllows } from "#schemas/consent/consent.ts";
import { delaySeconds } from "#schemas/flow/follow-ups.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import type { Db } from "../db/client.ts";
import { followUpOptOuts, leadFollowUps } from "../db/schema.ts";
import { addSeconds, type Clock } from "../platform/clock.ts";
import type { QuizSession } from "../quiz/quiz-sessions.ts";
import { hashSecretToken } from "../platform/secret-token.ts";

/** Why a follow-up was not sent (lead_follow_ups.cancel_reason). */
export type CancelReason = "no_consent" | "unsubscribed" | "purchase" | "refund" | "account_deleted" | "no_result" | "flow_changed";

/** What the opt-out list keeps of an address: its SHA-256, lower-cased. */
export const addressHash = (email: string) => hashSecretToken(email.trim().toLowerCase());

export async function optedOut(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ at: followUpOptOuts.createdAt })
    .from(followUpOptOuts)
    .where(eq(followUpOptOuts.emailHash, addressHash(email)));
  return row !== undefined;
}

/** Cancels what is still scheduled for one session or one address; says how many. */
export async function cancelFollowUps(db: Db, of: { sessionId: string } | { recipient: string }, reason: CancelReason): Promise<number> {
  const whose =
    "sessionId" in of ? eq(leadFollowUps.quizSessionId, of.sessionId) : sql`lower(${leadFollowUps.recipient}) = ${of.recipient.trim().toLowerCase()}`;
  const rows = await db
    .update(leadFollowUps)
    .set({ status: "cancelled", cancelReason: reason })
    .where(and(whose, eq(leadFollowUps.status, "scheduled")))
    .returning({ id: leadFollowUps.id });
  return rows.length;
}

/**
 * At the e-mail step: the flow's follow-ups for this session, each due its `after` from now, when
 * the visitor's choice recorded on the session allows marketing and the address has not stopped
 * them (ADR 060). A second answer with another address moves what is still scheduled to it, due
 * times unchanged; one without marketing consent cancels it.
 */
export async function scheduleFollowUps(db: Db, clock: Clock, session: QuizSession, flow: CompiledFlow, email: string): Promise<number> {
  const declared = flow.follow_ups ?? [];
  if (declared.length === 0) return 0;
  if (!consentAllows(session.consent, "marketing")) {
    await cancelFollowUps(db, { sessionId: session.id }, "no_consent");
    return 0;
  }
  if (await optedOut(db, email)) return 0;
  const now = clock.now();
  const rows = await db
    .insert(leadFollowUps)
    .values(
      declared.map((f) => ({
        quizSessionId: session.id,
        flowCode: flow.code,
        followUpId: f.id,
        recipient: email,
        dueAt: addSeconds(now, delaySeconds(f.after)!),
      })),
    )
    .onConflictDoUpdate({
      target: [leadFollowUps.quizSessionId, leadFollowUps.followUpId],
      set: { recipient: email },
      setWhere: eq(leadFollowUps.status, "scheduled"),
    })
    .returning({ id: leadFollowUps.id });
  return rows.length;
}

/**
 * An account deletion: what is still scheduled for the address is cancelled, and every follow-up
 * row keeps the unreachable address instead of the old one (the console's counts stay).
 */
export async function forgetFollowUps(tx: Db, email: string, replacement: string): Promise<void> {
  await cancelFollowUps(tx, { recipient: email }, "account_deleted");
  await tx
    .update(leadFollowUps)
    .set({ recipient: replacement })
    .where(sql`lower(${leadFollowUps.recipient}) = ${email.trim().toLowerCase()}`);
}
