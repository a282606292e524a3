import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** Which runs of a funnel the report counts, and what it splits them by. */
export type FunnelQuery = {
  flow: string;
  since: Date;
  until: Date;
  /** An experiment id (its variant), a UTM field, or nothing (one group). */
  groupBy: { experiment: string } | { utm: "utm_source" | "utm_campaign" } | null;
};

/** One funnel run and what came of it; money in minor units of `currency`. */
export type RunOutcome = {
  group: string;
  gaveEmail: boolean;
  checkout: boolean;
  paid: boolean;
  currency: string | null;
  firstCharge: number;
  renewals: number;
  renewalAmount: number;
  refunds: number;
  refundAmount: number;
  /** Paid within 30 days of the run's start, refunded payments not counted. */
  revenue30d: number;
  /** Whether the run started at least 30 days before the end of the window (its 30-day revenue is complete). */
  mature: boolean;
};

export type StepOutcome = { stepId: string; saw: number; answered: number; droppedOff: number; medianSeconds: number | null };

/**
 * Fresh planner statistics for the tables the report reads. PostgreSQL's autovacuum keeps them
 * current; an embedded database has no autovacuum, and with stale statistics after a busy month the
 * planner walks the events once per run (minutes instead of seconds on 100,000 runs).
 */
export async function analyzeFunnelTables(db: Db): Promise<void> {
  await db.execute(sql`analyze quiz_sessions, quiz_session_steps, orders, subscriptions`);
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

function groupExpression(groupBy: FunnelQuery["groupBy"]): SQL {
  if (!groupBy) return sql`'all'`;
  if ("experiment" in groupBy) return sql`coalesce(s.variants ->> ${groupBy.experiment}, '(none)')`;
  return sql`coalesce(nullif(s.attribution -> 'utm' ->> ${groupBy.utm}, ''), '(none)')`;
}

/** The runs that started in the window, as a CTE `runs(id, created_at, customer_id, grp)`. */
const runs = (q: FunnelQuery) => sql`runs as (
  select s.id, s.created_at, s.customer_id, ${groupExpression(q.groupBy)} as grp
  from quiz_sessions s
  where s.flow_code = ${q.flow} and s.created_at >= ${q.since.toISOString()}::timestamptz and s.created_at < ${q.until.toISOString()}::timestamptz
)`;

/**
 * Every run with its outcome: e-mail given, checkout started, paid (an initial order paid, refunded
 * later or not), the first charge, renewals of the subscription it bought, refunds, and what it paid
 * within 30 days. One row per run: the report aggregates and tests them.
 */
export async function runOutcomes(db: Db, q: FunnelQuery): Promise<RunOutcome[]> {
  // Aggregated per run with joins (not a subquery per run): linear in orders and runs.
  const result = await db.execute(sql`
    with ${runs(q)},
    initial as (
      select o.id, runs.id as run, runs.created_at as started, o.currency, o.amount, o.status, o.paid_at
      from orders o join runs on runs.id = o.quiz_session_id
      where o.kind = 'initial'
    ),
    bought as (
      select run,
        bool_or(status in ('paid', 'refunded')) as paid,
        max(currency) filter (where status in ('paid', 'refunded')) as currency,
        coalesce(sum(amount) filter (where status in ('paid', 'refunded')), 0) as first_charge,
        count(*) filter (where status = 'refunded') as refunds,
        coalesce(sum(amount) filter (where status = 'refunded'), 0) as refund_amount,
        coalesce(sum(amount) filter (where status = 'paid' and paid_at < started + interval '30 days'), 0) as revenue_30d
      from initial group by run
    ),
    renewed as (
      select i.run,
        count(*) as renewals,
        sum(r.amount) as renewal_amount,
        count(*) filter (where r.status = 'refunded') as refunds,
        coalesce(sum(r.amount) filter (where r.status = 'refunded'), 0) as refund_amount,
        coalesce(sum(r.amount) filter (where r.status = 'paid' and r.paid_at < i.started + interval '30 days'), 0) as revenue_30d
      from initial i
      join subscriptions sub on sub.order_id = i.id
      join orders r on r.subscription_id = sub.id and r.kind = 'renewal' and r.status in ('paid', 'refunded')
      group by i.run
    )
    select
      runs.grp as "group",
      runs.customer_id is not null as "gaveEmail",
      b.run is not null as "checkout",
      coalesce(b.paid, false) as "paid",
      b.currency as "currency",
      coalesce(b.first_charge, 0)::int as "firstCharge",
      coalesce(n.renewals, 0)::int as "renewals",
      coalesce(n.renewal_amount, 0)::int as "renewalAmount",
      (coalesce(b.refunds, 0) + coalesce(n.refunds, 0))::int as "refunds",
      (coalesce(b.refund_amount, 0) + coalesce(n.refund_amount, 0))::int as "refundAmount",
      (coalesce(b.revenue_30d, 0) + coalesce(n.revenue_30d, 0))::int as "revenue30d",
      runs.created_at <= ${q.until.toISOString()}::timestamptz - interval '30 days' as "mature"
    from runs
    left join bought b on b.run = runs.id
    left join renewed n on n.run = runs.id`);
  return rowsOf<RunOutcome>(result);
}

/**
 * Per step of the funnel: how many runs saw it (a view or an answer), answered it, and ended there (the furthest step
 * they saw, in the flow's order, so going back does not move it), and the median seconds from first
 * seeing it to first answering it.
 */
export async function stepOutcomes(db: Db, q: FunnelQuery, stepOrder: readonly string[]): Promise<StepOutcome[]> {
  const result = await db.execute(stepsQuery(q, stepOrder));
  return rowsOf<StepOutcome>(result).map((r) => ({ ...r, medianSeconds: r.medianSeconds === null ? null : Number(r.medianSeconds) }));
}

const stepsQuery = (q: FunnelQuery, stepOrder: readonly string[]) => sql`
    with ${runs(q)},
    steps (step_id, pos) as (select * from unnest(${`{${stepOrder.join(",")}}`}::text[]) with ordinality),
    -- Each run's first view and first answer of each step of the flow, kept as the events arrive.
    firsts as (
      select f.session_id, steps.step_id, steps.pos, f.first_viewed_at as viewed, f.first_answered_at as answered
      from quiz_session_steps f join runs on runs.id = f.session_id join steps on steps.step_id = f.step_id
    ),
    -- Where each run that did not pay ended: the furthest step it reached (a run that shows nothing
    -- more than its first screen ended there). A run that paid finished the funnel.
    furthest as (
      select runs.id, coalesce(max(f.pos), 1) as pos
      from runs left join firsts f on f.session_id = runs.id
      where not exists (select 1 from orders o where o.quiz_session_id = runs.id and o.kind = 'initial' and o.status in ('paid', 'refunded'))
      group by runs.id
    ),
    ended as (select pos, count(*)::int as n from furthest group by pos),
    per_step as (
      select step_id, pos,
        -- A run that answered a step saw it, even if its browser's view event was lost.
        count(*)::int as saw,
        count(answered)::int as answered,
        percentile_cont(0.5) within group (order by extract(epoch from answered - viewed)) filter (where answered >= viewed) as median
      from firsts group by step_id, pos
    )
    select p.step_id as "stepId", p.saw as "saw", p.answered as "answered", coalesce(e.n, 0)::int as "droppedOff", p.median as "medianSeconds"
    from per_step p left join ended e on e.pos = p.pos`;
