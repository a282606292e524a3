import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import type { Mailer } from "./mailer.ts";

/**
 * Delivery rules. A row is tried at most `maxAttempts` times; after the n-th failure it waits
 * `min(backoffCapSeconds, backoffBaseSeconds · 2^(n-1))`. While a sender delivers a row it owns it
 * for `claimSeconds`; a sender that dies leaves the claim to lapse, and another takes the row over.
 * A send that takes longer than `sendTimeoutSeconds` counts as failed, so a hung transport never
 * outlives its claim (a claim must be longer than the timeout).
 */
export type MailSenderOptions = {
  /** How often to look for due mail; 0: only when kicked or drained. */
  intervalSeconds: number;
  maxAttempts: number;
  backoffBaseSeconds: number;
  backoffCapSeconds: number;
  claimSeconds: number;
  sendTimeoutSeconds: number;
  /** Rows claimed (and sent in parallel) at a time. */
  batch: number;
  /** The Reply-To of every e-mail (the support address, services/support-address.ts), read when a batch is sent; none when it answers null. */
  replyTo?: () => Promise<string | null>;
};

/** 10 s, 20 s, 40 s … capped at an hour: 12 attempts span about three and a half hours. */
export const MAIL_DEFAULTS: MailSenderOptions = {
  intervalSeconds: 2,
  maxAttempts: 12,
  backoffBaseSeconds: 10,
  backoffCapSeconds: 3600,
  claimSeconds: 300,
  sendTimeoutSeconds: 60,
  batch: 10,
};

/** Seconds to wait after the `attempt`-th failed delivery. */
export const backoffSeconds = (attempt: number, o: Pick<MailSenderOptions, "backoffBaseSeconds" | "backoffCapSeconds">) =>
  Math.min(o.backoffCapSeconds, o.backoffBaseSeconds * 2 ** Math.max(0, attempt - 1));

type Row = typeof mailOutbox.$inferSelect;

/** Database time: every instance compares claims and due times against one clock. */
const dbNow = sql`now()`;
const dbNowPlus = (seconds: number) => sql`now() + ${seconds}::double precision * interval '1 second'`;

/**
 * Delivers the outbox (`mail_outbox`, see mail-queue.ts) through the transport, at least once:
 * it polls every `intervalSeconds`, runs at once when kicked after a commit, and on `drain()`.
 *
 * Claims are one statement (`UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING`)
 * that also counts the attempt, so several instances never get the same row while its claim is
 * valid, and every later write names the attempt it claimed: a sender whose claim was taken over
 * after it lapsed changes nothing. A message is sent twice only if a sender dies (or hangs past
 * its claim) between handing it to the transport and recording it.
 */
export function createMailSender(db: Db, mailer: Mailer, overrides: Partial<MailSenderOptions> = {}) {
  const o: MailSenderOptions = { ...MAIL_DEFAULTS, ...overrides };
  let log: FastifyBaseLogger | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const claimable = and(
    eq(mailOutbox.status, "queued"),
    lte(mailOutbox.nextAttemptAt, dbNow),
    lt(mailOutbox.attempts, o.maxAttempts),
    or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, dbNow)),
  );

  async function claim(): Promise<Row[]> {
    const candidates = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(claimable)
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
      .limit(o.batch)
      .for("update", { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ claimedUntil: dbNowPlus(o.claimSeconds), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(and(inArray(mailOutbox.id, candidates), claimable))
      .returning();
  }

  /** Only while the row is still queued under the claim this sender made (its attempt number). */
  const ours = (row: Row) => and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts), eq(mailOutbox.status, "queued"));

  async function deliver(row: Row, replyTo: string | null): Promise<void> {
    const context = { mailId: row.id, kind: row.kind, attempt: row.attempts };
    if (row.text === null && row.html === null) {
      // A sent row put back in the queue by hand: its body is gone, and an empty e-mail helps nobody.
      await db.update(mailOutbox).set({ status: "failed", claimedUntil: null, lastError: "no body to send" }).where(ours(row));
      log?.error(context, "e-mail has no body (it was sent before); marked failed");
      return;
    }
    try {
      await withTimeout(
        mailer.send({
          to: row.recipient,
          subject: row.subject,
          text: row.text ?? "",
          html: row.html ?? "",
          ...(row.attachments ? { attachments: row.attachments } : {}),
          ...(replyTo ? { replyTo } : {}),
        }),
        o.sendTimeoutSeconds,
      );
    } catch (err) {
      const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const exhausted = row.attempts >= o.maxAttempts;
      const wait = backoffSeconds(row.attempts, o);
      const [updated] = await db
        .update(mailOutbox)
        .set(exhausted ? { status: "failed", claimedUntil: null, lastError } : { nextAttemptAt: dbNowPlus(wait), claimedUntil: null, lastError })
        .where(ours(row))
        .returning({ id: mailOutbox.id });
      if (!updated) return;
      if (exhausted) log?.error({ ...context, err }, `could not send e-mail after ${row.attempts} attempts; marked failed`);
      else log?.warn({ ...context, err, retryInSeconds: wait }, "could not send e-mail; will retry");
      return;
    }
    // Sent: the body (links, tokens) leaves the database; kind, subject and recipient stay for support.
    const [updated] = await db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: dbNow, claimedUntil: null, lastError: null, text: null, html: null, attachments: null })
      .where(ours(row))
      .returning({ id: mailOutbox.id });
    if (!updated) log?.warn(context, "e-mail sent after its claim lapsed; another sender may have sent it too");
  }

  /** Rows whose last attempt's sender died: nothing would try them again. */
  async function failExhausted(): Promise<void> {
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

  /** Everything due now, a batch at a time, until nothing is left to claim. */
  async function deliverDue(): Promise<void> {
    await failExhausted();
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return;
      const replyTo = (await o.replyTo?.()) ?? null;
      // Every send of the batch settles before the pass goes on (or fails), so drain() means done.
      const failed = (await Promise.allSettled(rows.map((row) => deliver(row, replyTo)))).find((r) => r.status === "rejected");
      if (failed) throw failed.reason;
      if (rows.length < o.batch) return;
    }
  }

  /** One pass at a time; a kick or drain during a pass runs another right after it. */
  function run(): Promise<void> {
    running ??= (async () => {
      try {
        do {
          again = false;
          await deliverDue();
        } while (again);
      } catch (err) {
        log?.error({ err }, "mail sender pass failed; due mail is tried again on the next pass");
      } finally {
        running = null;
      }
    })();
    return running;
  }

  /** Starts polling (and delivers what a previous process left behind). */
  function start(logger: FastifyBaseLogger): void {
    log = logger;
    stopped = false;
    if (o.intervalSeconds > 0 && !timer) {
      timer = setInterval(() => void run(), o.intervalSeconds * 1000);
      timer.unref();
    }
    void run();
  }

  /** After a transaction that queued mail committed: deliver now, without making the caller wait. */
  function kick(): void {
    if (stopped) return;
    if (running) again = true;
    else void run();
  }

  /** Delivers everything due now and waits for it (tests, shutdown). Mail that failed waits for its retry. */
  async function drain(): Promise<void> {
    if (running) {
      again = true;
      await running;
    } else {
      await run();
    }
  }

  /** Stops polling and kicks, then drains. */
  async function stop(): Promise<void> {
    stopped = true;
    if (timer) clearInterval(timer);
    timer = null;
    await drain();
  }

  return { start, kick, drain, stop };
}

export type MailSender = ReturnType<typeof createMailSender>;

function withTimeout<T>(promise: Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the mail transport did not answer within ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
