// The funnel report on a month of one funnel: 100,000 visitors with every step view and answer
// (about three million events), e-mails, checkouts, payments, refunds, subscriptions and renewals,
// written by the database itself (generate_series, a fixed seed), then the report and the graph
// query (ADR 063) timed on PGlite and, when BENCH_DATABASE_URL is set, on PostgreSQL.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, sql } from "drizzle-orm";
import pg from "pg";
import { readContent } from "#server/content/read-content.ts";
import { syncContent } from "#server/content/sync-content.ts";
import { openDatabase, type Database, type Db } from "#server/db/client.ts";
import { quizEvents } from "#server/db/schema.ts";
import { analyzeFunnelTables, dayCeil, dayFloor } from "#server/analytics/funnel-queries.ts";
import { funnelGraph } from "#server/analytics/funnel-graph.ts";
import { funnelReport } from "#server/analytics/funnel-report.ts";
import type { Text } from "#schemas/flow/text.ts";
import { isQuestion } from "#engine/flow/kinds/index.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { careerFlow } from "./visitors.ts";

/**
 * A month of `flow` for `visitors` visitors up to `until`: each run sees the steps up to how far it
 * got (55% reach the e-mail, 12% of those pay), spread over the experiment's variants and three
 * sources; 5% of payments are refunded, half of the subscriptions older than a week renewed once.
 */
export async function seedFunnelMonth(db: Db, flow: CompiledFlow, visitors: number, until: Date): Promise<void> {
  const ids = flow.steps.map((s) => s.id);
  const asked = flow.steps.map(isQuestion);
  const email = ids.indexOf(flow.steps.find((s) => s.kind === "email")!.id) + 1;
  const result = ids.indexOf(flow.steps.find((s) => s.kind === "result")!.id) + 1;
  const experiment = flow.experiments[0];
  const variants = experiment ? experiment.variants.map((v) => v.id) : ["none"];
  const array = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(",")}]::text[]`);
  const u = until.toISOString();
  // Loaded in bulk with the counting triggers off, then counted at once (as the migrations do).
  await setCounting(db, "disable");
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`drop table if exists seed_runs`);
  await db.execute(sql`
    create temp table seed_runs as
    select g as i, gen_random_uuid() as id, ${u}::timestamptz - random() * interval '30 days' as created,
      (${array(variants)})[1 + g % ${variants.length}] as variant,
      (array['facebook', 'google', 'tiktok'])[1 + g % 3] as source,
      random() as r1, random() as r2, null::uuid as customer, 0 as reach
    from generate_series(1, ${visitors}) g`);
  await db.execute(sql`
    update seed_runs set reach = case
      when r1 < 0.55 and r2 < 0.12 then ${result}
      when r1 < 0.55 then ${email + 2}
      else 1 + floor((r1 - 0.55) / 0.45 * ${email - 1})::int end`);
  await db.execute(sql`
    insert into customers (email, created_at) select 'bench-' || i || '@example.org', created from seed_runs where reach > ${email}`);
  await db.execute(sql`
    update seed_runs r set customer = c.id from customers c where c.email = 'bench-' || r.i || '@example.org'`);
  await db.execute(sql`
    insert into quiz_sessions (id, visitor_id, customer_id, flow_code, flow_version, flow_hash, variants, attribution, status, created_at, updated_at)
    select id, md5(i::text), customer, ${flow.code}, ${flow.version}, ${flow.hash},
      ${experiment ? sql`jsonb_build_object(${experiment.id}::text, variant)` : sql`'{}'::jsonb`},
      jsonb_build_object('utm', jsonb_build_object('utm_source', source, 'utm_campaign', source || '-november')),
      case when reach >= ${result} then 'ready' else 'in_progress' end, created, created
    from seed_runs`);
  // Views of every step reached half a minute apart, answers of every question passed 2 to 26
  // seconds after its view (the same for the events and the step rows).
  const viewAt = sql.raw(`r.created + s.n * interval '30 seconds'`);
  const answerAt = sql.raw(`r.created + s.n * interval '30 seconds' + (2 + abs(hashtext(r.i::text || s.step)) % 25) * interval '1 second'`);
  await db.execute(sql`
    insert into quiz_events (session_id, type, step_id, variant, at)
    select r.id, 'view', s.step, jsonb_build_object('v', r.variant), ${viewAt}
    from seed_runs r join unnest(${array(ids)}) with ordinality as s(step, n) on s.n <= r.reach`);
  await db.execute(sql`
    insert into quiz_events (session_id, type, step_id, variant, at)
    select r.id, 'answer', s.step, jsonb_build_object('v', r.variant), ${answerAt}
    from seed_runs r join unnest(${array(ids)}, ${sql.raw(`array[${asked.join(",")}]::boolean[]`)}) with ordinality as s(step, asked, n)
      on s.n < r.reach and s.asked`);
  // What the view and answer calls keep as they go: each run's first view and first answer per step.
  await db.execute(sql`
    insert into quiz_session_steps (session_id, step_id, first_viewed_at, first_answered_at)
    select r.id, s.step, ${viewAt}, case when s.asked and s.n < r.reach then ${answerAt} end
    from seed_runs r join unnest(${array(ids)}, ${sql.raw(`array[${asked.join(",")}]::boolean[]`)}) with ordinality as s(step, asked, n)
      on s.n <= r.reach`);
  // A checkout for 15% of the e-mails that did not pay; a paid order for every payer, 5% refunded.
  await db.execute(sql`
    insert into orders (customer_id, quiz_session_id, report_code, product_id, provider, kind, currency, amount, status, variants, paid_at, created_at, updated_at)
    select customer, id, ${flow.report}, 'trial_7d', 'max_pay', 'initial', 'USD', 199,
      case when reach < ${result} then 'pending' when r2 < 0.006 then 'refunded' else 'paid' end,
      jsonb_build_object('v', variant), case when reach >= ${result} then created + interval '30 minutes' end, created, created
    from seed_runs where reach >= ${result} or (reach > ${email} and r1 < 0.08)`);
  await db.execute(sql`
    insert into subscriptions (customer_id, product_id, provider, order_id, currency, renewal_amount, status, current_period_start, current_period_end, next_charge_at)
    select o.customer_id, o.product_id, 'max_pay', o.id, 'USD', 2999, 'active', o.paid_at, o.paid_at + interval '7 days', o.paid_at + interval '7 days'
    from orders o where o.status = 'paid' and o.report_code = ${flow.report} and o.kind = 'initial'`);
  await db.execute(sql`
    insert into orders (customer_id, product_id, provider, kind, subscription_id, currency, amount, status, paid_at, created_at, updated_at)
    select s.customer_id, s.product_id, 'max_pay', 'renewal', s.id, 'USD', 2999, 'paid', s.current_period_end, s.current_period_end, s.current_period_end
    from subscriptions s join orders o on o.id = s.order_id
    where s.current_period_end < ${u}::timestamptz and right(o.id::text, 1) < '8'`);
  await db.execute(sql`drop table seed_runs`);
  await setCounting(db, "enable");
  await db.execute(sql`select funnel_rollups_rebuild()`);
}

/** The triggers that count runs, steps, moves and payments as rows arrive (migrations 0009, 0021), off or on again. */
async function setCounting(db: Db, how: "enable" | "disable"): Promise<void> {
  const triggers = [
    ["quiz_sessions", "funnel_run_counts"],
    ["quiz_session_steps", "funnel_step_counts"],
    ["quiz_events", "funnel_event_moves"],
    ["orders", "funnel_order_paid"],
  ];
  for (const [table, trigger] of triggers) await db.execute(sql.raw(`alter table ${table} ${how} trigger ${trigger}`));
}

/** A seeded month, ready to be measured: the database, the flow and the month's last instant. */
export type FunnelMonth = { database: string; db: Db; flow: CompiledFlow; until: Date; visitors: number; events: number };

const words = (t: Text) => (typeof t === "string" ? t : t.code);

async function seedMonth(label: string, database: Database, visitors: number): Promise<FunnelMonth> {
  const content = await readContent(join(process.cwd(), "content"));
  if (!content.ok) throw new Error("content is broken");
  await syncContent(database.db, content.content, new Date());
  const flow = await careerFlow();
  const until = new Date();
  await seedFunnelMonth(database.db, flow, visitors, until);
  const [counted] = await database.db.select({ n: count() }).from(quizEvents);
  // As autovacuum would on PostgreSQL after such a month; the report does it itself on PGlite.
  await analyzeFunnelTables(database.db);
  return { database: label, db: database.db, flow, until, visitors, events: counted?.n ?? 0 };
}

/** The month's 30 days up to its end. */
const monthWindow = (m: FunnelMonth) => ({ flow: m.flow.code, since: new Date(m.until.getTime() - 30 * 86_400_000), until: m.until });

/**
 * The month as the graph page asks for it: whole UTC days (src/web/features/admin/funnels/report-range.ts),
 * from the day of its first instant to the end of the day of its last.
 */
const pageWindow = (m: FunnelMonth) => ({ flow: m.flow.code, since: dayFloor(monthWindow(m).since), until: dayCeil(m.until) });

/** The funnel report's time over the month, split by its experiment as the growth team reads it. */
export async function reportSeconds(m: FunnelMonth): Promise<number> {
  const t0 = performance.now();
  const experiment = m.flow.experiments[0];
  const report = await funnelReport(m.db, m.flow, { ...monthWindow(m), groupBy: experiment ? { experiment: experiment.id } : null }, words);
  const seconds = (performance.now() - t0) / 1000;
  if (report.visitors !== m.visitors) throw new Error(`${m.database}: the report counted ${report.visitors} visitors of ${m.visitors}`);
  return seconds;
}

/** Timings in seconds of `runs` answers of the graph query (ADR 063) over the month as the page asks for it, for everyone, after one to warm up. */
export async function graphSeconds(m: FunnelMonth, runs = 5): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now();
    const graph = await funnelGraph(m.db, m.flow, { ...pageWindow(m), variant: null }, words);
    if (i > 0) times.push((performance.now() - t0) / 1000);
    if (graph.visitors !== m.visitors) throw new Error(`${m.database}: the graph counted ${graph.visitors} visitors of ${m.visitors}`);
  }
  return times;
}

/**
 * `measure` on a month of `visitors` visitors, on a fresh PGlite and (when BENCH_DATABASE_URL is
 * set) a fresh PostgreSQL database of its own, each dropped afterwards.
 */
export async function onFunnelMonth<T>(visitors: number, measure: (month: FunnelMonth) => Promise<T>): Promise<T[]> {
  const rows: T[] = [];
  const dir = await mkdtemp(join(tmpdir(), "pathwise-bench-month-"));
  try {
    const lite = await openDatabase({ driver: "pglite", dataDir: join(dir, "db") });
    try {
      rows.push(await measure(await seedMonth("PGlite", lite, visitors)));
    } finally {
      await lite.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    // A database of its own, dropped afterwards, so the month meets no other data.
    const name = `pathwise_bench_month_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const database = await openDatabase({ driver: "postgres", url: target.toString() });
      try {
        rows.push(await measure(await seedMonth("PostgreSQL", database, visitors)));
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    }
  }
  return rows;
}
