import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import { outboxClaims } from "../outbox/claims.ts";
import type { MailSenderOptions } from "./delivery-rules.ts";

export type OutboxRow = typeof mailOutbox.$inferSelect;

export { dbNow, dbNowPlus } from "../outbox/claims.ts";

const claims = outboxClaims(mailOutbox);

/** Claims up to `batch` due e-mails (src/server/outbox/claims.ts). */
export const claimDue = (db: Db, o: MailSenderOptions): Promise<OutboxRow[]> => claims.claimDue(db, o);

/** Only while the row is still queued under the claim this sender made. */
export const stillClaimed = claims.stillClaimed;

/** Marks failed the rows whose last attempt's sender died: nothing would try them again. */
export async function failExhausted(db: Db, o: MailSenderOptions, log: FastifyBaseLogger | null): Promise<void> {
  const rows = await claims.failExhausted(db, o, "the sender stopped during the last attempt");
  for (const r of rows) log?.error({ mailId: r.id, kind: r.kind, attempt: r.attempts }, `could not send e-mail after ${r.attempts} attempts; marked failed`);
}
