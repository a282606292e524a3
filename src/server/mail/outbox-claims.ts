import { and, asc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import type { MailSenderOptions } from "./delivery-rules.ts";

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Database time: every instance compares claims and due times against one clock. */
export const dbNow = sql`now()`;
export const dbNowPlus = (seconds: number) => sql`now() + ${seconds}::double precision * interval '1 second'`;

const claimable = (o: MailSenderOptions) =>
  and(
    eq(mailOutbox.status, "queued"),
    lte(mailOutbox.nextAttemptAt, dbNow),
    lt(mailOutbox.attempts, o.maxAttempts),
    or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, dbNow)),
  );

/**
 * Claims up to `batch` due rows in one statement (`UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP
 * LOCKED) RETURNING`) that also counts the attempt, so several instances never get the same row
 * while its claim is valid.
 */
export async function claimDue(db: Db, o: MailSenderOptions): Promise<OutboxRow[]> {
  const candidates = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(claimable(o))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
    .limit(o.batch)
    .for("update", { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ claimedUntil: dbNowPlus(o.claimSeconds), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(inArray(mailOutbox.id, candidates), claimable(o)))
    .returning();
}

/**
 * Only while the row is still queued under the claim this sender made (its attempt number): a sender
 * whose claim was taken over after it lapsed changes nothing.
 */
export const stillClaimed = (row: OutboxRow): SQL | undefined =>
  and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts), eq(mailOutbox.status, "queued"));

/** Marks failed the rows whose last attempt's sender died: nothing would try them again. */
export async function failExhausted(db: Db, o: MailSenderOptions, log: FastifyBaseLogger | null): Promise<void> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: "failed", claimedUntil: null, lastError: sql`coalesce(${mailOutbox.lastError}, 'the sender stopped during the last attempt')` })
    .where(
      and(
        eq(mailOutbox.status, "queued"),
        sql`${mailOutbox.attempts} >= ${o.maxAttempts}`,
        or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, dbNow)),
      ),
    )
    .returning({ id: mailOutbox.id, kind: mailOutbox.kind, attempts: mailOutbox.attempts });
  for (const r of rows) log?.error({ mailId: r.id, kind: r.kind, attempt: r.attempts }, `could not send e-mail after ${r.attempts} attempts; marked failed`);
}
