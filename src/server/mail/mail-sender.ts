import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { recordFailure, recordNoBody, recordSent } from "./delivery-outcome.ts";
import { MAIL_DEFAULTS, type MailSenderOptions } from "./delivery-rules.ts";
import type { Mailer } from "./mailer.ts";
import { claimDue, failExhausted, type OutboxRow } from "./outbox-claims.ts";
import { sendOutboxRow } from "./send-outbox-row.ts";

/**
 * Delivers the outbox (`mail_outbox`, see mail-queue.ts) through the transport, at least once:
 * it polls every `intervalSeconds`, runs at once when kicked after a commit, and on `drain()`.
 *
 * Rows are claimed a batch at a time (outbox-claims.ts), sent in parallel (send-outbox-row.ts) and
 * each outcome recorded under the claim that took it (delivery-outcome.ts), by the rules in
 * delivery-rules.ts. A message is sent twice only if a sender dies (or hangs past its claim)
 * between handing it to the transport and recording it.
 */
export function createMailSender(db: Db, mailer: Mailer, overrides: Partial<MailSenderOptions> = {}) {
  const o: MailSenderOptions = { ...MAIL_DEFAULTS, ...overrides };
  let log: FastifyBaseLogger | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  async function deliver(row: OutboxRow, replyTo: string | null): Promise<void> {
    if (row.text === null && row.html === null) return recordNoBody(db, row, log);
    try {
      await sendOutboxRow(mailer, row, replyTo, o.sendTimeoutSeconds);
    } catch (err) {
      return recordFailure(db, row, err, o, log);
    }
    await recordSent(db, row, log);
  }

  /** Everything due now, a batch at a time, until nothing is left to claim. */
  async function deliverDue(): Promise<void> {
    await failExhausted(db, o, log);
    for (;;) {
      const rows = await claimDue(db, o);
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
