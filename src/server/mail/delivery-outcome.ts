import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import { backoffSeconds, type MailSenderOptions } from "./delivery-rules.ts";
import { dbNow, dbNowPlus, stillClaimed, type OutboxRow } from "./outbox-claims.ts";

/**
 * What one delivery attempt left in the outbox. Each write holds only while the row is still under
 * this sender's claim (outbox-claims.ts); the log names the kind and id, never the address.
 */
const contextOf = (row: OutboxRow) => ({ mailId: row.id, kind: row.kind, attempt: row.attempts });

/** A sent row put back in the queue by hand: its body is gone, and an empty e-mail helps nobody. */
export async function recordNoBody(db: Db, row: OutboxRow, log: FastifyBaseLogger | null): Promise<void> {
  await db.update(mailOutbox).set({ status: "failed", claimedUntil: null, lastError: "no body to send" }).where(stillClaimed(row));
  log?.error(contextOf(row), "e-mail has no body (it was sent before); marked failed");
}

/** Sent: the body (links, tokens) leaves the database; kind, subject and recipient stay for support. */
export async function recordSent(db: Db, row: OutboxRow, log: FastifyBaseLogger | null): Promise<void> {
  const [updated] = await db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: dbNow, claimedUntil: null, lastError: null, text: null, html: null, attachments: null, headers: null })
    .where(stillClaimed(row))
    .returning({ id: mailOutbox.id });
  if (!updated) log?.warn(contextOf(row), "e-mail sent after its claim lapsed; another sender may have sent it too");
}

/** Not sent: tried again after the backoff, or marked failed once the attempts are used up. */
export async function recordFailure(db: Db, row: OutboxRow, err: unknown, o: MailSenderOptions, log: FastifyBaseLogger | null): Promise<void> {
  const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  const exhausted = row.attempts >= o.maxAttempts;
  const wait = backoffSeconds(row.attempts, o);
  const [updated] = await db
    .update(mailOutbox)
    .set(exhausted ? { status: "failed", claimedUntil: null, lastError } : { nextAttemptAt: dbNowPlus(wait), claimedUntil: null, lastError })
    .where(stillClaimed(row))
    .returning({ id: mailOutbox.id });
  if (!updated) return;
  if (exhausted) log?.error({ ...contextOf(row), err }, `could not send e-mail after ${row.attempts} attempts; marked failed`);
  else log?.warn({ ...contextOf(row), err, retryInSeconds: wait }, "could not send e-mail; will retry");
}
