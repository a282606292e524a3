import { and, asc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";

/**
 * Claiming rows of an outbox table, shared by the mail outbox and the conversion outbox (ADR 010,
 * ADR 056). A table qualifies with these columns: `status` ("queued" while due), `attempts`,
 * `next_attempt_at`, `claimed_until`, `created_at`, `last_error`.
 */
export type OutboxTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  claimedUntil: PgColumn;
  createdAt: PgColumn;
  lastError: PgColumn;
};

/** How many rows a pass claims, for how long, and how many attempts a row gets. */
export type ClaimRules = { maxAttempts: number; claimSeconds: number; batch: number };

/**
 * An outbox sender's rules (set by `src/server/mail/delivery-rules.ts` and
 * `src/server/conversions/delivery-rules.ts`): a row is tried at most `maxAttempts` times; after the
 * n-th failure it waits `min(backoffCapSeconds, backoffBaseSeconds · 2^(n-1))`. While a sender
 * delivers a row it owns it for `claimSeconds`; a sender that dies leaves the claim to lapse, and
 * another takes the row over. A send that takes longer than `sendTimeoutSeconds` is aborted and
 * counts as failed, so a claim must be longer than the timeout.
 */
export type OutboxSenderOptions = ClaimRules & {
  /** How often to look for due rows; 0: only when kicked or drained. */
  intervalSeconds: number;
  backoffBaseSeconds: number;
  backoffCapSeconds: number;
  sendTimeoutSeconds: number;
};

/** Database time: every instance compares claims and due times against one clock. */
export const dbNow = sql`now()`;
export const dbNowPlus = (seconds: number) => sql`now() + ${seconds}::double precision * interval '1 second'`;

/** Seconds to wait after the `attempt`-th failed delivery: base · 2^(attempt-1), capped. */
export const backoffSeconds = (attempt: number, o: { backoffBaseSeconds: number; backoffCapSeconds: number }) =>
  Math.min(o.backoffCapSeconds, o.backoffBaseSeconds * 2 ** Math.max(0, attempt - 1));

/** The claiming statements of one outbox table. */
export function outboxClaims<T extends OutboxTable>(table: T) {
  type Row = T["$inferSelect"];
  const set = (values: Record<string, unknown>) => values as PgUpdateSetSource<T>;
  const claimable = (o: ClaimRules) =>
    and(
      eq(table.status, "queued"),
      lte(table.nextAttemptAt, dbNow),
      lt(table.attempts, o.maxAttempts),
      or(isNull(table.claimedUntil), lte(table.claimedUntil, dbNow)),
    );

  return {
    /**
     * Claims up to `batch` due rows in one statement (`UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP
     * LOCKED) RETURNING`) that also counts the attempt, so several instances never get the same row
     * while its claim is valid.
     */
    async claimDue(db: Db, o: ClaimRules): Promise<Row[]> {
      const candidates = db
        .select({ id: table.id })
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- typescript7 needs the plain PgTable to accept a generic table here
        .from(table as PgTable)
        .where(claimable(o))
        .orderBy(asc(table.nextAttemptAt), asc(table.createdAt))
        .limit(o.batch)
        .for("update", { skipLocked: true });
      const claimed = await db
        .update(table)
        .set(set({ claimedUntil: dbNowPlus(o.claimSeconds), attempts: sql`${table.attempts} + 1` }))
        .where(and(inArray(table.id, candidates), claimable(o)))
        .returning();
      return claimed as Row[];
    },

    /**
     * Only while the row is still queued under the claim this sender made (its attempt number): a
     * sender whose claim was taken over after it lapsed changes nothing.
     */
    stillClaimed: (row: { id: unknown; attempts: number }): SQL | undefined =>
      and(eq(table.id, row.id), eq(table.attempts, row.attempts), eq(table.status, "queued")),

    /** Marks failed the rows whose last attempt's sender died (nothing would try them again); answers them. */
    async failExhausted(db: Db, o: ClaimRules, reason: string): Promise<Row[]> {
      const failed = await db
        .update(table)
        .set(set({ status: "failed", claimedUntil: null, lastError: sql`coalesce(${table.lastError}, ${reason})` }))
        .where(and(eq(table.status, "queued"), sql`${table.attempts} >= ${o.maxAttempts}`, or(isNull(table.claimedUntil), lte(table.claimedUntil, dbNow))))
        .returning();
      return failed as Row[];
    },
  };
}
