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
  const result = await db.execute(sql`
    with ${runs(q)},
    initial as (
      select o.id, o.quiz_session_id as run, o.currency, o.amount, o.status, o.paid_at
      from orders o join runs on runs.id = o.quiz_session_id
      where o.kind = 'initial'
    ),
    renewal as (
      select i.run, r.amount, r.status, r.paid_at
      from initial i
      join subscriptions sub on sub.order_id = i.id
      join orders r on r.subscription_id = sub.id and r.kind = 'renewal' and r.status in ('paid', 'refunded')
    ),
    money as (
      select run, status, amount, paid_at from initial where status in ('paid', 'refunded')
      union all
      select run, status, amount, paid_at from renewal
    )
    select
      runs.grp as "group",
      runs.customer_id is not null as "gaveEmail",
      exists (select 1 from initial i where i.run = runs.id) as "checkout",
      exists (select 1 from initial i where i.run = runs.id and i.status in ('paid', 'refunded')) as "paid",
      (select max(i.currency) from initial i where i.run = runs.id and i.status in ('paid', 'refunded')) as "currency",
      coalesce((select sum(i.amount) from initial i where i.run = runs.id and i.status in ('paid', 'refunded')), 0)::int as "firstCharge",
      (select count(*) from renewal r where r.run = runs.id)::int as "renewals",
      coalesce((select sum(r.amount) from renewal r where r.run = runs.id), 0)::int as "renewalAmount",
      (select count(*) from money m where m.run = runs.id and m.status = 'refunded')::int as "refunds",
      coalesce((select sum(m.amount) from money m where m.run = runs.id and m.status = 'refunded'), 0)::int as "refundAmount",
      coalesce((select sum(m.amount) from money m where m.run = runs.id and m.status = 'paid' and m.paid_at < runs.created_at + interval '30 days'), 0)::int as "revenue30d",
      runs.created_at <= ${q.until.toISOString()}::timestamptz - interval '30 days' as "mature"
    from runs`);
  return rowsOf<RunOutcome>(result);
}

/**
 * Per step of the funnel: how many runs saw it (a view or an answer), answered it, and ended there (the furthest step
 * they saw, in the flow's order, so going back does not move it), and the median seconds from first
 * seeing it to first answering it.
 */
export async function stepOutcomes(db: Db, q: FunnelQuery, stepOrder: readonly string[]): Promise<StepOutcome[]> {
  const result = await db.execute(sql`
    with ${runs(q)},
    firsts as (
      select e.session_id, e.step_id, min(e.at) filter (where e.type = 'view') as viewed, min(e.at) filter (where e.type = 'answer') as answered
      from quiz_events e join runs on runs.id = e.session_id
      where e.type in ('view', 'answer') and e.step_id is not null
      group by e.session_id, e.step_id
    ),
    last_seen as (
      select distinct on (e.session_id) e.session_id, e.step_id
      from quiz_events e join runs on runs.id = e.session_id
      where e.type in ('view', 'answer') and e.step_id is not null
      order by e.session_id, array_position(${`{${stepOrder.join(",")}}`}::text[], e.step_id) desc nulls last, e.at desc
    ),
    ended as (select step_id, count(*)::int as n from last_seen group by step_id)
    select f.step_id as "stepId",
      -- A run that answered a step saw it, even if its browser's view event was lost.
      count(*)::int as "saw",
      count(f.answered)::int as "answered",
      coalesce(max(ended.n), 0)::int as "droppedOff",
      percentile_cont(0.5) within group (order by extract(epoch from f.answered - f.viewed)) filter (where f.answered >= f.viewed) as "medianSeconds"
    from firsts f left join ended on ended.step_id = f.step_id
    group by f.step_id`);
  return rowsOf<StepOutcome>(result).map((r) => ({ ...r, medianSeconds: r.medianSeconds === null ? null : Number(r.medianSeconds) }));
}
