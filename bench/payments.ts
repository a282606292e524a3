// Payment notifications: how many the webhook processes per second (verify → store once → apply →
// fulfil → receipt) and the time from a notification to the customer's entitlement, on PGlite and,
// when BENCH_DATABASE_URL is set, on PostgreSQL. The app runs in-process (inject), so the numbers
// are the pipeline's own, without HTTP parsing.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "#server/app.ts";
import { readContent } from "#server/content/read-content.ts";
import { syncContent } from "#server/content/sync-content.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { customers, entitlements, orders } from "#server/db/schema.ts";
import { readEnv } from "#server/env.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { maxPayCallback } from "#server/payments/sandbox/sandbox-notifications.ts";
import { systemClock } from "#server/platform/clock.ts";

const NOTIFICATIONS = 400;
const CONCURRENCY = 8;

export type PaymentsBenchRow = { database: string; notifications: number; perSecond: number; p50: number; p99: number; fulfilled: number; errors: number };

/** Mail is not what is measured: the receipt is rendered and handed to a mailer that drops it. */
const nullMailer: Mailer = { kind: "smtp", send: async () => undefined, close: () => undefined };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function run(label: string, database: Database): Promise<PaymentsBenchRow> {
  const dataDir = await mkdtemp(join(tmpdir(), "pathwise-bench-pay-"));
  try {
    const parsed = readEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", RENEWALS_INTERVAL_SECONDS: "0" });
    if (!parsed.ok) throw new Error(parsed.problems.join("; "));
    const content = await readContent(join(process.cwd(), "content"));
    if (!content.ok) throw new Error("content is broken");
    await syncContent(database.db, content.content, new Date());
    const app = await buildApp({ env: parsed.env, database, mailer: nullMailer, clock: systemClock, logger: false });
    await app.ready();

    const db = database.db;
    const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
    const [customer] = await db.insert(customers).values({ email }).returning({ id: customers.id });
    const pending = await db
      .insert(orders)
      .values(
        Array.from({ length: NOTIFICATIONS }, (_, i) => ({
          customerId: customer!.id,
          productId: "month_1",
          provider: "max_pay" as const,
          kind: "initial" as const,
          currency: "USD",
          amount: 1999,
          reportCode: `bench_report_${i}`,
        })),
      )
      .returning({ id: orders.id, reportCode: orders.reportCode });
    const notifications = pending.map((o) => ({
      order: o,
      n: maxPayCallback({
        orderId: o.id,
        customerId: customer!.id,
        email,
        productId: "month_1",
        productName: "1 month",
        amount: 1999,
        currency: "USD",
        outcome: "success",
      }),
    }));

    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < notifications.length) {
          const { order, n } = notifications[next++]!;
          const sent = performance.now();
          const res = await app.inject({ method: "POST", url: "/api/webhooks/max_pay", headers: n.headers, payload: n.body });
          // The entitlement is committed with the payment, before the webhook answers.
          const [granted] = await db
            .select({ at: entitlements.grantedAt })
            .from(entitlements)
            .where(and(eq(entitlements.customerId, customer!.id), eq(entitlements.reportCode, order.reportCode!)));
          if (res.statusCode !== 200 || !granted) errors++;
          latencies.push(performance.now() - sent);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const fulfilled = (await db.select({ id: entitlements.orderId }).from(entitlements).where(eq(entitlements.customerId, customer!.id))).length;
    await app.close();
    latencies.sort((a, b) => a - b);
    return {
      database: label,
      notifications: NOTIFICATIONS,
      perSecond: NOTIFICATIONS / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      fulfilled,
      errors,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A throw-away database on the BENCH_DATABASE_URL server (its user needs CREATE DATABASE). */
async function withPostgres<T>(adminUrl: string, use: (db: Database) => Promise<T>): Promise<T> {
  const name = `pathwise_bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: "postgres", url: url.toString() });
  try {
    return await use(database);
  } finally {
    await database.close();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

export async function paymentsBench(): Promise<{ rows: PaymentsBenchRow[]; postgres: "ran" | "skipped" }> {
  const rows: PaymentsBenchRow[] = [];
  const pglite = await openDatabase({ driver: "pglite", dataDir: await mkdtemp(join(tmpdir(), "pathwise-bench-pglite-")) });
  try {
    rows.push(await run("PGlite", pglite));
  } finally {
    await pglite.close();
  }
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return { rows, postgres: "skipped" };
  rows.push(await withPostgres(adminUrl, (db) => run("PostgreSQL", db)));
  return { rows, postgres: "ran" };
}

export async function printPaymentsBench(): Promise<void> {
  const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
  console.log(
    `\nPayment notifications (${NOTIFICATIONS} Maxpay callbacks, ${CONCURRENCY} at a time, each paying its own order: verify, store once, apply, subscription + entitlement + report, receipt)`,
  );
  const { rows, postgres } = await paymentsBench();
  console.log("| database | notifications/s | p50 ms to entitlement | p99 ms to entitlement | fulfilled | errors |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of rows)
    console.log(`| ${r.database} | ${fmt(r.perSecond)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.fulfilled}/${r.notifications} | ${r.errors} |`);
  if (postgres === "skipped") console.log("| PostgreSQL | skipped (set BENCH_DATABASE_URL to a server whose user may CREATE DATABASE) | | | | |");
}

if (import.meta.url === `file://${process.argv[1]}`) await printPaymentsBench();
