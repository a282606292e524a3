import { sql, type SQL } from "drizzle-orm";
import type { CheckoutRefusalReason } from "#schemas/api/checkout-refusals.ts";
import type { Db } from "../db/client.ts";
import { medianOfCounts } from "./stats/median.ts";

/** Which runs of a funnel the report counts, and what it splits them by. */
export type FunnelQuery = {
  flow: string;
  since: Date;
  until: Date;
  /** An experiment id (its variant), a UTM field, whether the visitor arrived with an ad's click id, or nothing (one group). */
  groupBy: GroupBy;
  /** A second split inside each group of `groupBy` (variant × source, variant × campaign): a cut of two dimensions (ADR 065). */
  thenBy?: GroupBy;
  /** Only the runs that arrived with this UTM value (e.g. utm_source meta; `(none)`: without one) (ADR 065). */
  segment?: Segment | null;
};

/** What the report splits runs by. */
type GroupBy = { experiment: string } | { utm: UtmField } | { clickId: true } | null;

/** A segment of the runs: those whose UTM field has this value. */
export type Segment = { utm: UtmField; value: string };

/** Between the two values of a two-dimension group's name (`quarter_first × meta`). */
export const CUT_SEPARATOR = " × ";

/** The UTM fields the report groups by, and ad spend is imported per (ADR 059). */
export type UtmField = "utm_source" | "utm_campaign";

/**
 * The groups of `by=click_id`: whether the run arrived from a link with Meta's `fbclid`, TikTok's
 * `ttclid` (both read from the run's attribution), both, or neither.
 */
export const CLICK_ID_GROUPS = { both: "fbclid and ttclid", fbclid: "fbclid", ttclid: "ttclid", neither: "no click id" } as const;

/** One funnel run and what came of it; money in minor units of `currency`. */
export type RunOutcome = {
  /** The run's group; in a two-dimension cut both values, joined by CUT_SEPARATOR. */
  group: string;
  /** The run's value of the second dimension (`thenBy`), or null without one: its group is compared with the first group of the same cut. */
  cut: string | null;
  /** The UTC day the run started, YYYY-MM-DD. */
  day: string;
  gaveEmail: boolean;
  checkout: boolean;
  paid: boolean;
  /** Never paid, and why it stopped when we know: see `stopReason`. */
  stopped: StopReason | null;
  /** Every reason the checkout refused the run for (empty when it never did). */
  refusedFor: CheckoutRefusalReason[];
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

/** A step: runs that saw it, answered it and ended there (for no reason we know of, after a decline, after a refused checkout), and their median whole seconds from seeing it to answering it. */
export type StepOutcome = {
  stepId: string;
  saw: number;
  answered: number;
  droppedOff: number;
  declined: number;
  refused: number;
  /** The refused runs that ended here, by the checkout's reason. */
  refusedFor: Map<CheckoutRefusalReason, number>;
  medianSeconds: number | null;
};

/** Why a run that never paid stopped, when the app knows: the provider declined its payment, or the app refused its checkout (any reason, checkout_refusals). */
type StopReason = "declined" | "refused";

/**
 * The reason a run (quiz_sessions as s) that never paid stopped, as SQL: 'declined' when an initial
 * order of it was declined, else 'refused' when the checkout refused it (for any reason), else
 * null. A run with both counts as declined: it got as far as paying. runOutcomes applies the same
 * rule to the orders it has already aggregated, so the groups' totals agree with the steps'.
 */
const stopReason = sql`case
    when exists (select 1 from orders o where o.quiz_session_id = s.id and o.kind = 'initial' and o.duplicate_of is null and o.status = 'declined') then 'declined'
    when exists (select 1 from checkout_refusals c where c.quiz_session_id = s.id) then 'refused'
  end`;

/** Whether the run (quiz_sessions as s) paid: an initial order paid, refunded later or not. */
export const paidRun = sql`exists (select 1 from orders o where o.quiz_session_id = s.id and o.kind = 'initial' and o.status in ('paid', 'refunded'))`;

/**
 * Fresh planner statistics for the tables the report reads. PostgreSQL's autovacuum keeps them
 * current; an embedded database has no autovacuum, and with stale statistics after a busy month the
 * planner walks the events once per run (minutes instead of seconds on 100,000 runs).
 */
export async function analyzeFunnelTables(db: Db): Promise<void> {
  await db.execute(
    sql`analyze quiz_sessions, quiz_session_steps, quiz_session_moves, funnel_step_days, funnel_step_seconds, funnel_move_days, funnel_run_days, orders, subscriptions, checkout_refusals`,
  );
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The UTM value a run (quiz_sessions as s) arrived with, '(none)' without one. */
export const utmValue = (field: UtmField) => sql`coalesce(nullif(s.attribution -> 'utm' ->> ${field}, ''), '(none)')`;

function groupExpression(groupBy: FunnelQuery["groupBy"]): SQL {
  if (!groupBy) return sql`'all'`;
  if ("experiment" in groupBy) return sql`coalesce(s.variants ->> ${groupBy.experiment}, '(none)')`;
  if ("utm" in groupBy) return utmValue(groupBy.utm);
  const fb = sql`coalesce(s.attribution ->> 'fbclid', '') <> ''`;
  const tt = sql`coalesce(s.attribution ->> 'ttclid', '') <> ''`;
  return sql`case when ${fb} and ${tt} then ${CLICK_ID_GROUPS.both}::text when ${fb} then ${CLICK_ID_GROUPS.fbclid}::text when ${tt} then ${CLICK_ID_GROUPS.ttclid}::text else ${CLICK_ID_GROUPS.neither}::text end`;
}

/** The runs (quiz_sessions as s) of any flow that started in the window. */
export const startedIn = (q: Pick<FunnelQuery, "since" | "until">) =>
  sql`s.created_at >= ${q.since.toISOString()}::timestamptz and s.created_at < ${q.until.toISOString()}::timestamptz`;

/** The runs (quiz_sessions as s) of the flow in the query's segment, whenever they started. */
const ofFlow = (q: FunnelQuery) =>
  q.segment ? sql`s.flow_code = ${q.flow} and ${utmValue(q.segment.utm)} = ${q.segment.value}` : sql`s.flow_code = ${q.flow}`;

/** The runs (quiz_sessions as s) of the flow that started in the window (and are in its segment, when it has one). */
export const inWindow = (q: FunnelQuery) => sql`${ofFlow(q)} and ${startedIn(q)}`;

/** A run's group: one value, or the values of both dimensions of a cut. */
const groupOf = (q: FunnelQuery) =>
  q.thenBy ? sql`${groupExpression(q.groupBy)} || ${CUT_SEPARATOR}::text || ${groupExpression(q.thenBy)}` : groupExpression(q.groupBy);

/** The runs that started in the window, as a CTE `runs(id, created_at, customer_id, grp, cut)`. */
const runs = (q: FunnelQuery) => sql`runs as (
  select s.id, s.created_at, s.customer_id, ${groupOf(q)} as grp, ${q.thenBy ? groupExpression(q.thenBy) : sql`null::text`} as cut
  from quiz_sessions s
  where ${inWindow(q)}
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
      -- A duplicate payment of a run already paid is given back (ADR 035): not a second sale, nor a refund the growth team caused.
      where o.kind = 'initial' and o.duplicate_of is null
    ),
    bought as (
      select run,
        bool_or(status in ('paid', 'refunded')) as paid,
        bool_or(status = 'declined') as declined,
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
      runs.cut as "cut",
      to_char(runs.created_at at time zone 'UTC', 'YYYY-MM-DD') as "day",
      -- The rule of stopReason, from the orders already read (not a lookup per run): declined before refused.
      case
        when coalesce(b.paid, false) then null
        when coalesce(b.declined, false) then 'declined'
        when exists (select 1 from checkout_refusals c where c.quiz_session_id = runs.id) then 'refused'
      end as "stopped",
      coalesce((select json_agg(c.reason order by c.reason) from checkout_refusals c where c.quiz_session_id = runs.id), '[]'::json) as "refusedFor",
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

/** Midnight UTC at or before `t`, and at or after it. */
export const dayFloor = (t: Date) => new Date(Math.floor(t.getTime() / 86_400_000) * 86_400_000);
export const dayCeil = (t: Date) => new Date(Math.ceil(t.getTime() / 86_400_000) * 86_400_000);
export const isoDay = (t: Date) => t.toISOString().slice(0, 10);

/**
 * How the window is read: the whole UTC days inside it from the daily counts the database keeps
 * (funnel_step_days, funnel_step_seconds), the parts of a day at either end from the runs' own rows.
 */
export function splitWindow(since: Date, until: Date): { days: { from: string; to: string } | null; edges: [Date, Date][] } {
  const first = dayCeil(since);
  const last = dayFloor(until);
  if (first >= last) return { days: null, edges: [[since, until]] };
  const edges = (
    [
      [since, first],
      [last, until],
    ] as [Date, Date][]
  ).filter(([a, b]) => a < b);
  return { days: { from: isoDay(first), to: isoDay(last) }, edges };
}

/** The runs of the window's partial days, as a CTE `edge(step_id, first_viewed_at, first_answered_at)` of their steps. */
function edgeSteps(q: FunnelQuery, edges: [Date, Date][]): SQL {
  const inEdges = edges.length
    ? sql.join(
        edges.map(([a, b]) => sql`(s.created_at >= ${a.toISOString()}::timestamptz and s.created_at < ${b.toISOString()}::timestamptz)`),
        sql` or `,
      )
    : sql`false`;
  return sql`edge as (
    select f.step_id, f.first_viewed_at, f.first_answered_at
    from quiz_session_steps f join quiz_sessions s on s.id = f.session_id
    where ${ofFlow(q)} and (${inEdges})
  )`;
}

/**
 * Per step of the funnel: how many runs saw it (a view or an answer), answered it, and ended there,
 * and how many took each whole number of seconds from first seeing it to first answering it.
 * A run ended on the last step it saw for the first time (going back does not move it; a run with
 * nothing recorded ended on the first screen); a run that paid finished the funnel.
 */
export async function stepOutcomes(db: Db, q: FunnelQuery, firstStep: string): Promise<StepOutcome[]> {
  // The daily counts know no UTM value: a segment's steps are read from its runs' own rows.
  const { days, edges } = q.segment ? { days: null, edges: [[q.since, q.until] as [Date, Date]] } : splitWindow(q.since, q.until);
  const inDays = days ? sql`flow_code = ${q.flow} and day >= ${days.from}::date and day < ${days.to}::date` : sql`false`;
  // One statement, so the partial days' rows are read once (a CTE used twice is computed once):
  // a row per step with its counts (no seconds), and a row per step and number of seconds.
  const rows = rowsOf<{ stepId: string; seconds: number | null; saw: number; answered: number; runs: number }>(
    await db.execute(sql`
      with ${edgeSteps(q, edges)},
      counts as (
        select step_id, sum(saw)::int as saw, sum(answered)::int as answered from (
          select step_id, saw, answered from funnel_step_days where ${inDays}
          union all
          select step_id, 1, (first_answered_at is not null)::int from edge
        ) c group by step_id
      ),
      times as (
        select step_id, seconds, sum(runs)::int as runs from (
          select step_id, seconds, runs from funnel_step_seconds where ${inDays}
          union all
          select step_id, funnel_answer_seconds(first_viewed_at, first_answered_at), 1 from edge
        ) t where seconds is not null group by step_id, seconds
      )
      select step_id as "stepId", null::int as seconds, saw, answered, 0 as runs from counts
      union all
      select step_id, seconds, 0, 0, runs from times`),
  );
  const ended = rowsOf<{ stepId: string; why: StopReason | null; n: number }>(
    await db.execute(sql`
      select coalesce(s.last_new_step, ${firstStep}) as "stepId", ${stopReason} as why, count(*)::int as n
      from quiz_sessions s
      where ${inWindow(q)} and not ${paidRun}
      group by 1, 2`),
  );
  const refusals = rowsOf<{ stepId: string; reason: CheckoutRefusalReason; n: number }>(
    await db.execute(sql`
      select coalesce(s.last_new_step, ${firstStep}) as "stepId", c.reason, count(*)::int as n
      from quiz_sessions s join checkout_refusals c on c.quiz_session_id = s.id
      where ${inWindow(q)} and not ${paidRun} and ${stopReason} = 'refused'
      group by 1, 2`),
  );
  const count = new Map<string, { saw: number; answered: number }>();
  const histograms = new Map<string, Map<number, number>>();
  for (const r of rows) {
    if (r.seconds === null) count.set(r.stepId, { saw: r.saw, answered: r.answered });
    else histograms.set(r.stepId, (histograms.get(r.stepId) ?? new Map<number, number>()).set(r.seconds, r.runs));
  }
  const endedAt = (stepId: string, why: StopReason | null) => ended.find((e) => e.stepId === stepId && e.why === why)?.n ?? 0;
  const ids = new Set([...count.keys(), ...ended.map((e) => e.stepId)]);
  return [...ids].map((stepId) => ({
    stepId,
    saw: count.get(stepId)?.saw ?? 0,
    answered: count.get(stepId)?.answered ?? 0,
    droppedOff: endedAt(stepId, null),
    declined: endedAt(stepId, "declined"),
    refused: endedAt(stepId, "refused"),
    refusedFor: new Map(refusals.filter((r) => r.stepId === stepId).map((r) => [r.reason, r.n])),
    medianSeconds: medianOfCounts(histograms.get(stepId) ?? new Map()),
  }));
}
