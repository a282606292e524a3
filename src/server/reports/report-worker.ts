import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { customers, quizSessions, reportRequests } from "../db/schema.ts";
import { queueMail } from "../mail/mail-queue.ts";
import { reportReadyEmail } from "../mail/templates/report-ready.ts";
import { accountLinks } from "../mail/templates/subscription-format.ts";
import { sessionReport, type ReportInputs } from "./session-report.ts";
import { createEventLoopLoad, type EventLoopLoad } from "../platform/event-loop-load.ts";

/** A report that fails this many times is marked failed (and logged) instead of retried. */
const REPORT_MAX_ATTEMPTS = 5;
/** How long a worker may hold a report it is building before another may take it over. */
const CLAIM_SECONDS = 120;

type Row = typeof reportRequests.$inferSelect;

/** The event loop is this late (90th percentile, ms) when requests are waiting on it: an idle loop reads about 15. */
const BUSY_LOOP_DELAY_MS = 50;
/** While busy the worker rests this long, then looks again… */
const GIVE_WAY_PAUSE_MS = 100;
/** …but builds the report after this long at most, so every payer's report is built under a long burst too. */
const GIVE_WAY_MAX_MS = 1000;

const processLoad = createEventLoopLoad();

/**
 * Report building shares the request thread (and, on the embedded database, the one query that
 * runs at a time): during a campaign's burst it waits while the event loop runs late, a second at
 * most per report, so requests and payment notifications go first (ADR 040).
 */
async function giveWayToRequests(load: EventLoopLoad = processLoad): Promise<void> {
  for (let waited = 0; waited < GIVE_WAY_MAX_MS && load.delayMs() > BUSY_LOOP_DELAY_MS; waited += GIVE_WAY_PAUSE_MS) {
    await new Promise((resolve) => setTimeout(resolve, GIVE_WAY_PAUSE_MS));
  }
}
export type ReportSources = {
  /** The flow version a session ran and the template its report is built with (ADR 066). */
  inputsForSession(session: { flowCode: string; flowHash: string }): ReportInputs | null;
  /** The public origin, for the link in the report-ready e-mail. */
  appOrigin: string;
  /** Waits before each report while requests are waiting (default: giveWayToRequests). */
  giveWay?: () => Promise<void>;
};
export type WorkerReport = { claimed: number; ready: number; retried: number; failed: number };

/** Claims due reports in one statement, so several instances never build the same one at once. */
async function claim(db: Db, limit: number): Promise<Row[]> {
  const result: unknown = await db.execute(sql`
    update report_requests set status = 'generating', attempts = attempts + 1, claimed_until = now() + ${`${CLAIM_SECONDS} seconds`}::interval, updated_at = now()
    where id in (
      select id from report_requests
      where (status = 'queued' and next_attempt_at <= now()) or (status = 'generating' and claimed_until < now())
      order by created_at limit ${limit} for update skip locked)
    returning id`);
  const ids = (result as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(reportRequests).where(inArray(reportRequests.id, ids));
}

/**
 * Builds the reports that are due: each paid quiz session's document from its template, stored
 * with the request (status ready). A failure is retried with backoff, then marked failed. Writes
 * only land while this worker still holds the claim of the attempt it made.
 */
export async function runReportWorker(db: Db, sources: ReportSources, log: FastifyBaseLogger, batch = 10): Promise<WorkerReport> {
  const rows = await claim(db, batch);
  const report: WorkerReport = { claimed: rows.length, ready: 0, retried: 0, failed: 0 };
  const giveWay = sources.giveWay ?? giveWayToRequests;
  for (const row of rows) {
    await giveWay();
    const mine = and(eq(reportRequests.id, row.id), eq(reportRequests.attempts, row.attempts), eq(reportRequests.status, "generating"));
    try {
      const [session] = await db.select().from(quizSessions).where(eq(quizSessions.id, row.quizSessionId));
      const inputs = session ? sources.inputsForSession(session) : null;
      if (session && !inputs) throw new Error(`no report template for ${row.reportCode}`);
      const document = session && inputs ? await sessionReport(db, session, inputs) : null;
      if (!document) throw new Error("the quiz session is not scored");
      // The report and its "ready" e-mail commit together, once (dedupe key per request).
      await db.transaction(async (tx) => {
        const [saved] = await tx
          .update(reportRequests)
          .set({ status: "ready", document, readyAt: sql`now()`, claimedUntil: null, lastError: null, updatedAt: sql`now()` })
          .where(mine)
          .returning({ id: reportRequests.id });
        if (!saved) return;
        const [customer] = await tx.select({ email: customers.email }).from(customers).where(eq(customers.id, row.customerId));
        if (!customer) return;
        const url = accountLinks(sources.appOrigin).report(row.reportCode);
        await queueMail(tx, "report-ready", reportReadyEmail(customer.email, { title: document.title, firstName: document.cover.first_name, url }), {
          dedupeKey: `report-ready:${row.id}`,
        });
      });
      report.ready++;
    } catch (err) {
      const message = (err as Error).message.slice(0, 500);
      const final = row.attempts >= REPORT_MAX_ATTEMPTS;
      const wait = Math.min(3600, 10 * 2 ** (row.attempts - 1));
      await db
        .update(reportRequests)
        .set({
          status: final ? "failed" : "queued",
          lastError: message,
          claimedUntil: null,
          nextAttemptAt: sql`now() + ${`${wait} seconds`}::interval`,
          updatedAt: sql`now()`,
        })
        .where(mine);
      if (final) {
        report.failed++;
        log.error({ reportRequest: row.id, reportCode: row.reportCode, err: message }, "report could not be built");
      } else report.retried++;
    }
  }
  return report;
}
