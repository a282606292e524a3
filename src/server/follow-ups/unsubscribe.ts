import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { followUpOptOuts, leadFollowUps } from "../db/schema.ts";
import { hashSecretToken } from "../platform/secret-token.ts";
import type { Clock } from "../platform/clock.ts";
import { addressHash, cancelFollowUps } from "./schedule.ts";

/** The address a follow-up's unsubscribe token was mailed to; null for a token we never sent. */
export async function addressOfUnsubscribeToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ recipient: leadFollowUps.recipient })
    .from(leadFollowUps)
    .where(eq(leadFollowUps.unsubscribeTokenHash, hashSecretToken(token)));
  return row?.recipient ?? null;
}

/**
 * One-click unsubscribe: the address goes on the opt-out list (its hash) and everything still
 * scheduled for it is cancelled, in one transaction. Doing it twice changes nothing. False for a
 * token we never sent.
 */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const recipient = await addressOfUnsubscribeToken(db, token);
  if (recipient === null) return false;
  await db.transaction(async (tx) => {
    await tx
      .insert(followUpOptOuts)
      .values({ emailHash: addressHash(recipient) })
      .onConflictDoNothing();
    await cancelFollowUps(tx, { recipient }, "unsubscribed");
  });
  return true;
}

/** The first click on a follow-up's link is counted; the session it opens, or null for a token we never sent. */
export async function recordClick(db: Db, clock: Clock, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: leadFollowUps.id, clickedAt: leadFollowUps.clickedAt })
    .from(leadFollowUps)
    .where(eq(leadFollowUps.linkTokenHash, hashSecretToken(token)));
  if (!row) return false;
  if (!row.clickedAt) await db.update(leadFollowUps).set({ clickedAt: clock.now() }).where(eq(leadFollowUps.id, row.id));
  return true;
}
