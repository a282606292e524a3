import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { recordFailure, recordNoBody, recordSent } from "./delivery-outcome.ts";
import { MAIL_DEFAULTS, type MailSenderOptions } from "./delivery-rules.ts";
import type { Mailer } from "./mailer.ts";
import { claimDue, failExhausted, type OutboxRow } from "./outbox-claims.ts";
import { sendOutboxRow } from "./send-outbox-row.ts";
import { createOutboxWorker } from "../outbox/worker.ts";

/**
 * Delivers the outbox (`mail_outbox`, see mail-queue.ts) through the transport, at least once:
 * it polls every `intervalSeconds`, runs at once when kicked after a commit, and on `drain()`
 * (src/server/outbox/worker.ts).
 *
 * Rows are claimed a batch at a time (outbox-claims.ts), sent in parallel (send-outbox-row.ts) and
 * each outcome recorded under the claim that took it (delivery-outcome.ts), by the rules in
 * delivery-rules.ts. A message is sent twice only if a sender dies (or hangs past its claim)
 * between handing it to the transport and recording it.
 */
export function createMailSender(db: Db, mailer: Mailer, overrides: Partial<MailSenderOptions> = {}) {
  const o: MailSenderOptions = { ...MAIL_DEFAULTS, ...overrides };

  async function deliver(row: OutboxRow, replyTo: string | null, log: FastifyBaseLogger | null): Promise<void> {
    if (row.text === null && row.html === null) return recordNoBody(db, row, log);
    try {
      await sendOutboxRow(mailer, row, replyTo, o.sendTimeoutSeconds);
    } catch (err) {
      return recordFailure(db, row, err, o, log);
    }
    await recordSent(db, row, log);
  }

  /** Everything due now, a batch at a time, until nothing is left to claim. */
  async function deliverDue(log: FastifyBaseLogger | null): Promise<void> {
    await failExhausted(db, o, log);
    for (;;) {
      const rows = await claimDue(db, o);
      if (rows.length === 0) return;
      const replyTo = (await o.replyTo?.()) ?? null;
      // Every send of the batch settles before the pass goes on (or fails), so drain() means done.
      const failed = (await Promise.allSettled(rows.map((row) => deliver(row, replyTo, log)))).find((r) => r.status === "rejected");
      if (failed) throw failed.reason;
      if (rows.length < o.batch) return;
    }
  }

  return createOutboxWorker(o.intervalSeconds, deliverDue, "mail sender pass failed; due mail is tried again on the next pass");
}

export type MailSender = ReturnType<typeof createMailSender>;
