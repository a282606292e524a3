import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { conversionOutbox } from "../db/schema.ts";
import { backoffSeconds, dbNow, dbNowPlus, outboxClaims } from "../outbox/claims.ts";
import { createOutboxWorker } from "../outbox/worker.ts";
import { conversionEvent } from "./conversion-event.ts";
import { CONVERSION_DEFAULTS, type ConversionSenderOptions } from "./delivery-rules.ts";
import { destinationOf, type ActiveDestination } from "./destinations/registry.ts";

type Row = typeof conversionOutbox.$inferSelect;

/** What one attempt came to: sent, refused for good (a 4xx: never retried), or worth another try. */
type Outcome =
  | { kind: "sent"; status: number }
  | { kind: "refused"; status: number | null; message: string }
  | { kind: "retry"; status: number | null; message: string; afterSeconds: number | null };

const claims = outboxClaims(conversionOutbox);

/** Retry-After in seconds (a number or an HTTP date), or null. */
function retryAfterSeconds(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) : (Date.parse(header) - now) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : null;
}

/**
 * Delivers the conversion outbox (`conversion_outbox`, conversion-queue.ts) to the platforms, with
 * the claiming the mail outbox uses (src/server/outbox/claims.ts). A row is sent again only if a
 * sender dies (or hangs past its claim) between the request and recording it; the re-send carries
 * the same event and event_id, which the platforms de-duplicate.
 */
export function createConversionSender(db: Db, active: ActiveDestination[], send: typeof fetch, overrides: Partial<ConversionSenderOptions> = {}) {
  const o: ConversionSenderOptions = { ...CONVERSION_DEFAULTS, ...overrides };
  const resolve = destinationOf(db, active);

  async function attempt(row: Row): Promise<Outcome> {
    const target = await resolve(row.destination);
    if (!target) return { kind: "refused", status: null, message: `${row.destination} has no credentials in this process, or the endpoint was deleted` };
    const event = conversionEvent.safeParse(row.event);
    if (!event.success) return { kind: "refused", status: null, message: `the stored event is not valid: ${event.error.message}`.slice(0, 500) };
    const request = target.connection.request(event.data);
    let response: Response;
    try {
      response = await send(request.url, {
        method: "POST",
        headers: request.headers,
        // A webhook's body comes as the very text it signed.
        body: typeof request.body === "string" ? request.body : JSON.stringify(request.body),
        signal: AbortSignal.timeout(o.sendTimeoutSeconds * 1000),
      });
    } catch (err) {
      const message =
        err instanceof Error && err.name === "TimeoutError" ? `no answer within ${o.sendTimeoutSeconds} s` : String(err instanceof Error ? err.message : err);
      return { kind: "retry", status: null, message, afterSeconds: null };
    }
    const text = (await response.text().catch(() => "")).slice(0, 500);
    if (response.ok) {
      const refused = target.connection.refusal?.(text) ?? null;
      return refused ? { kind: "refused", status: response.status, message: refused } : { kind: "sent", status: response.status };
    }
    const message = `HTTP ${response.status}${text ? `: ${text}` : ""}`;
    if (response.status === 429 || response.status >= 500) {
      return { kind: "retry", status: response.status, message, afterSeconds: retryAfterSeconds(response.headers.get("retry-after"), Date.now()) };
    }
    return { kind: "refused", status: response.status, message };
  }

  async function deliver(row: Row, log: FastifyBaseLogger | null): Promise<void> {
    const outcome = await attempt(row);
    const context = { conversionId: row.id, destination: row.destination, kind: row.kind, eventId: row.eventId, attempt: row.attempts };
    const record = (values: Partial<Row> | Record<string, unknown>) => db.update(conversionOutbox).set(values).where(claims.stillClaimed(row));
    if (outcome.kind === "sent") {
      await record({ status: "sent", sentAt: dbNow, claimedUntil: null, lastStatus: outcome.status, lastError: null });
      return;
    }
    if (outcome.kind === "refused" || row.attempts >= o.maxAttempts) {
      await record({ status: "failed", claimedUntil: null, lastStatus: outcome.status, lastError: outcome.message });
      log?.error({ ...context, status: outcome.status, reason: outcome.message }, "conversion event not delivered; marked failed");
      return;
    }
    const wait = Math.min(o.backoffCapSeconds, outcome.afterSeconds ?? backoffSeconds(row.attempts, o));
    await record({ nextAttemptAt: dbNowPlus(wait), claimedUntil: null, lastStatus: outcome.status, lastError: outcome.message });
    log?.warn({ ...context, status: outcome.status, reason: outcome.message, retryInSeconds: wait }, "conversion event not delivered; will retry");
  }

  async function deliverDue(log: FastifyBaseLogger | null): Promise<void> {
    for (const r of await claims.failExhausted(db, o, "the sender stopped during the last attempt")) {
      log?.error({ conversionId: r.id, destination: r.destination, eventId: r.eventId }, "conversion event not delivered; marked failed");
    }
    for (;;) {
      const rows = await claims.claimDue(db, o);
      if (rows.length === 0) return;
      const failed = (await Promise.allSettled(rows.map((row) => deliver(row, log)))).find((r) => r.status === "rejected");
      if (failed) throw failed.reason;
      if (rows.length < o.batch) return;
    }
  }

  return createOutboxWorker(o.intervalSeconds, deliverDue, "conversion sender pass failed; due events are tried again on the next pass");
}
