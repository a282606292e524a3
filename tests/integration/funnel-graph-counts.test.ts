import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FunnelGraphView } from "#schemas/api/admin-funnel-graph.ts";
import { funnelGraph, type GraphQuery } from "#server/analytics/funnel-graph.ts";
import { paidRun } from "#server/analytics/funnel-queries.ts";
import { customers, funnelMoveDays, funnelRunDays, funnelStepDays, orders, quizSessionMoves, quizSessions } from "#server/db/schema.ts";
import { createSession } from "#server/quiz/quiz-sessions.ts";
import { recordEvent } from "#server/quiz/quiz-events.ts";
import { closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

// The funnel graph reads counts the database keeps as events and orders arrive (migration 0021,
// ADR 063): each run's moves, and per day and variants the runs per move, per step seen and per
// last new step and payment. Runs of a funnel with variants walk at random, going back and
// forth, their views and answers arriving in a shuffled order (answers retried after later views,
// several at the same instant, a batch in one statement), some pay after a decline and one is
// refunded. The graph must equal the one recomputed from the runs' events and orders in every
// window, for everyone and per variant, and the kept counts what a rebuild computes.

const FLOW = "graph_shop";
const words = (text: string | { code: string }) => (typeof text === "string" ? text : text.code);
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

let t: TestApp;
const flow = () => t.flows.find((f) => f.code === FLOW)!;

/** A fixed-seed generator (mulberry32), so a failure can be replayed. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = seeded(31);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

type Event = { run: string; type: "view" | "answer"; step: string; at: Date };
const runs: string[] = [];

/** A run started at `start`: a walk down the flow's steps with moves back, a view per step shown and (mostly) an answer. */
async function walk(start: Date, variant: string): Promise<Event[]> {
  t.clock.set(start);
  const session = await createSession(t.db, t.clock, {
    visitorId: `walker-${runs.length}`,
    customerId: null,
    flow: flow(),
    variants: { offer_copy: variant },
    order: null,
    attribution: {},
  });
  runs.push(session.id);
  const ids = flow().steps.map((s) => s.id);
  const events: Event[] = [];
  let at = start.getTime();
  let i = 0;
  for (let n = 0; n < 4 + Math.floor(random() * 10) && i < ids.length; n++) {
    const step = ids[i]!;
    // Two events of a run now and then share an instant: the answer goes first.
    at += pick([0, 1000, 2000, 7000]);
    events.push({ run: session.id, type: "view", step, at: new Date(at) });
    if (random() < 0.2) events.push({ run: session.id, type: "view", step, at: new Date(at + 500) });
    if (random() < 0.8) events.push({ run: session.id, type: "answer", step, at: new Date(at + pick([0, 1000, 3000])) });
    i = random() < 0.2 ? Math.max(0, i - 1 - Math.floor(random() * 3)) : i + pick([1, 1, 2]);
  }
  return events;
}

/** Each event as the app records it (recordEvent: the event and the run's first view or answer), in the order given. */
async function record(events: Event[]): Promise<void> {
  for (const e of events) {
    const [session] = await t.db.select().from(quizSessions).where(eq(quizSessions.id, e.run));
    await recordEvent(t.db, e.at, session!, e.type, e.step);
  }
}

let paying = 0;
/** An initial order of `run` with `status`. */
async function order(run: string, status: "pending" | "paid" | "declined"): Promise<string> {
  const [customer] = await t.db
    .insert(customers)
    .values({ email: `walker${++paying}@example.com` })
    .returning();
  const [row] = await t.db
    .insert(orders)
    .values({ customerId: customer!.id, quizSessionId: run, productId: "trial_7d", provider: "max_pay", kind: "initial", currency: "USD", amount: 199, status })
    .returning();
  return row!.id;
}

/** The graph computed the plain way, from the runs' events, steps and orders (the query before migration 0021). */
async function recomputed(q: GraphQuery): Promise<{ graph: Pick<FunnelGraphView, "visitors" | "nodes" | "edges">; made: string[] }> {
  const inVariant = q.variant ? sql`and s.variants ->> ${q.variant.experiment} = ${q.variant.is}` : sql``;
  const runsOf = sql`s.flow_code = ${q.flow} and s.created_at >= ${q.since.toISOString()}::timestamptz and s.created_at < ${q.until.toISOString()}::timestamptz ${inVariant}`;
  const made = rowsOf<{ from: string; to: string; runs: number }>(
    await t.db.execute(sql`
      with seen as (
        select e.session_id, e.step_id,
          lag(e.step_id) over (partition by e.session_id order by e.at, case e.type when 'answer' then 0 else 1 end, e.id) as before
        from quiz_events e join quiz_sessions s on s.id = e.session_id
        where ${runsOf} and e.type in ('view', 'answer') and e.step_id is not null
      )
      select before as "from", step_id as "to", count(distinct session_id)::int as runs
      from seen where before is not null and before <> step_id group by 1, 2`),
  );
  const [all] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from quiz_sessions s where ${runsOf}`));
  const saw = rowsOf<{ step: string; n: number }>(
    await t.db.execute(
      sql`select f.step_id as step, count(*)::int as n from quiz_session_steps f join quiz_sessions s on s.id = f.session_id where ${runsOf} group by 1`,
    ),
  );
  const left = rowsOf<{ step: string; n: number }>(
    await t.db.execute(
      sql`select coalesce(s.last_new_step, 'intro') as step, count(*)::int as n from quiz_sessions s where ${runsOf} and not ${paidRun} group by 1`,
    ),
  );
  const count = (rows: { step: string; n: number }[], step: string) => rows.find((r) => r.step === step)?.n ?? 0;
  const shown = await funnelGraph(t.db, flow(), q, words);
  const graph = {
    visitors: all!.n,
    nodes: shown.nodes.map((n) => ({
      ...n,
      visitors: n.id === "intro" ? Math.max(count(saw, n.id), all!.n) : count(saw, n.id),
      left: n.id === "result" ? 0 : count(left, n.id),
    })),
    // Every edge the machine draws, and every move a run made (the graph's own list of edges is checked against them).
    edges: shown.edges.map((e) => ({ ...e, visitors: made.find((m) => m.from === e.from && m.to === e.to)?.runs ?? 0 })),
  };
  return { graph, made: made.map((m) => `${m.from} ${m.to}`) };
}

const figures = (g: Pick<FunnelGraphView, "visitors" | "nodes" | "edges">) => ({
  visitors: g.visitors,
  nodes: g.nodes.map(({ id, visitors, left }) => ({ id, visitors, left })),
  edges: g.edges.map(({ from, to, visitors }) => ({ from, to, visitors })).sort((a, b) => `${a.from} ${a.to}`.localeCompare(`${b.from} ${b.to}`)),
});

const WINDOWS: [string, string, string][] = [
  ["three whole days", "2026-07-01T00:00:00Z", "2026-07-04T00:00:00Z"],
  ["a whole day", "2026-07-02T00:00:00Z", "2026-07-03T00:00:00Z"],
  ["a whole day with part of a day at either end", "2026-07-01T18:00:00Z", "2026-07-03T06:00:00Z"],
  ["part of one day", "2026-07-02T05:00:00Z", "2026-07-02T20:00:00Z"],
];
const VARIANTS = [null, { experiment: "offer_copy", is: "plain" }, { experiment: "offer_copy", is: "story" }];

async function expectGraphsRecomputed(): Promise<void> {
  for (const [name, since, until] of WINDOWS) {
    for (const variant of VARIANTS) {
      const q: GraphQuery = { flow: FLOW, since: new Date(since), until: new Date(until), variant };
      const g = await funnelGraph(t.db, flow(), q, words);
      const { graph, made } = await recomputed(q);
      expect(figures(g), `${name}, ${variant?.is ?? "everyone"}`).toEqual(figures(graph));
      // Every move a run made is an edge of the graph.
      const drawn = new Set(g.edges.map((e) => `${e.from} ${e.to}`));
      expect(made.filter((m) => !drawn.has(m))).toEqual([]);
    }
  }
}

/** The kept counts and per-run rows, without the rows a count taken down to nothing leaves. */
const kept = async () => ({
  moves: await t.db.select().from(quizSessionMoves).orderBy(quizSessionMoves.sessionId, quizSessionMoves.fromStep, quizSessionMoves.toStep),
  moveDays: (await t.db.select().from(funnelMoveDays).orderBy(funnelMoveDays.day, funnelMoveDays.fromStep, funnelMoveDays.toStep)).filter((r) => r.runs !== 0),
  runDays: (await t.db.select().from(funnelRunDays).orderBy(funnelRunDays.day, funnelRunDays.lastStep)).filter((r) => r.runs !== 0),
  stepDays: (await t.db.select().from(funnelStepDays).orderBy(funnelStepDays.day, funnelStepDays.stepId, funnelStepDays.variants)).filter(
    (r) => r.saw !== 0 || r.answered !== 0,
  ),
  paid: await t.db.select({ id: quizSessions.id, paid: quizSessions.paid }).from(quizSessions).orderBy(quizSessions.id),
});
const byKey = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
const sameAsRebuilt = async () => {
  const before = await kept();
  await t.db.execute(sql`select funnel_rollups_rebuild()`);
  const after = await kept();
  for (const k of Object.keys(before) as (keyof typeof before)[]) expect(byKey(before[k]), k).toEqual(byKey(after[k]));
};

beforeAll(async () => {
  t = await createTestApp({ flows: { dir: join(process.cwd(), "tests/fixtures/flows"), only: /^graph-shop\.yaml$/ } });
  const events: Event[] = [];
  // 36 runs over three days, a few started just before midnight.
  for (let n = 0; n < 36; n++) {
    const day = 1 + (n % 3);
    const start = new Date(Date.UTC(2026, 6, day, n % 6 === 0 ? 23 : 3 + (n % 17), 50 + (n % 9)));
    events.push(...(await walk(start, n % 2 ? "plain" : "story")));
  }
  // One run's events arrive in one statement (a batch): each is placed among those before it in the statement.
  const batch = await walk(new Date("2026-07-02T12:00:00Z"), "plain");
  // Every other event arrives in a shuffled order.
  const shuffled = events.map((e) => ({ e, key: random() })).sort((a, b) => a.key - b.key);
  await record(shuffled.map((s) => s.e));
  const [bs] = await t.db.select().from(quizSessions).where(eq(quizSessions.id, batch[0]!.run));
  await t.db.execute(sql`
    insert into quiz_events (session_id, type, step_id, variant, at) values
    ${sql.join(
      batch.reverse().map((e) => sql`(${e.run}, ${e.type}, ${e.step}, ${JSON.stringify(bs!.variants)}::jsonb, ${e.at.toISOString()})`),
      sql`, `,
    )}`);
  // Payments: paid at once, declined then paid, declined and left, paid then refunded.
  await order(runs[0]!, "paid");
  const declined = await order(runs[1]!, "pending");
  await t.db.update(orders).set({ status: "declined" }).where(eq(orders.id, declined));
  await order(runs[1]!, "paid");
  await order(runs[2]!, "declined");
  const refunded = await order(runs[3]!, "paid");
  await t.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, refunded));
  const undone = await order(runs[4]!, "paid");
  await t.db.update(orders).set({ status: "declined" }).where(eq(orders.id, undone));
}, 240_000);
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

describe("the funnel graph's kept counts", () => {
  it("give the graph recomputed from the runs' events and orders, in every window, for everyone and per variant", async () => {
    // The walks went back: the graph has moves the machine does not draw.
    const g = await funnelGraph(
      t.db,
      flow(),
      { flow: FLOW, since: new Date("2026-07-01T00:00:00Z"), until: new Date("2026-07-04T00:00:00Z"), variant: null },
      words,
    );
    expect(g.visitors).toBe(37);
    expect(g.edges.filter((e) => e.by === "trail" && e.visitors > 0).length).toBeGreaterThan(2);
    await expectGraphsRecomputed();
  });

  it("are what a rebuild from the runs' events, steps and orders computes", async () => {
    await sameAsRebuilt();
    await expectGraphsRecomputed();
  });

  it("go with a deleted run", async () => {
    // A customer who deletes their account takes their runs with them (src/server/accounts/account-deletion.ts).
    await t.db.delete(quizSessions).where(eq(quizSessions.id, runs[1]!));
    await t.db.delete(quizSessions).where(eq(quizSessions.id, runs[7]!));
    await expectGraphsRecomputed();
    await sameAsRebuilt();
  });
});
