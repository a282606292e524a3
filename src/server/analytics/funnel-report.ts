import type { z } from "zod";
import type { funnelReport as funnelReportSchema, groupRow as groupRowSchema, stepRow, trendDay } from "#schemas/api/admin-funnels.ts";
import { addRefusals, type CheckoutRefusalReason } from "#schemas/api/checkout-refusals.ts";
import type { Text } from "#schemas/flow/text.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { controlsOf, orderGroups } from "./cut-groups.ts";
import { deliveriesOf, deliveryCounts } from "./delivery-figures.ts";
import { runOutcomes, stepOutcomes, type FunnelQuery, type RunOutcome } from "./funnel-queries.ts";
import { groupSpendOf, spendWithoutRuns, windowSpend, type WindowSpend } from "./spend/spend-figures.ts";
import { compareGroups } from "./stats/compare-groups.ts";
import { DEFAULT_SMALLEST_LIFT, experimentVerdict, smallestLiftOf } from "./stats/verdict.ts";

export type FunnelReport = z.infer<typeof funnelReportSchema>;
export type StepRow = z.infer<typeof stepRow>;
type GroupRow = z.infer<typeof groupRowSchema>;
export type TrendDay = z.infer<typeof trendDay>;

const describeOne = (groupBy: FunnelQuery["groupBy"]) =>
  !groupBy ? null : "experiment" in groupBy ? `variant of ${groupBy.experiment}` : "utm" in groupBy ? groupBy.utm : "click id (fbclid / ttclid)";
/** The split in words: one dimension, or both of a cut (`variant of offer_order × utm_source`). */
const describeGroup = (q: FunnelQuery) => (q.thenBy ? `${describeOne(q.groupBy)} × ${describeOne(q.thenBy)}` : describeOne(q.groupBy));

/** The currency most first charges were paid in. */
function mainCurrency(runs: RunOutcome[]): string | null {
  const counts = new Map<string, number>();
  for (const r of runs) if (r.currency) counts.set(r.currency, (counts.get(r.currency) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

/** Refused runs by reason, most first, reasons with none left out. */
const byReason = (counts: Map<CheckoutRefusalReason, number>): StepRow["refusals"] =>
  addRefusals([[...counts].map(([reason, runs]) => ({ reason, runs }))]).filter((c) => c.runs > 0);

function reasonsOf(runs: RunOutcome[]): Map<CheckoutRefusalReason, number> {
  const counts = new Map<CheckoutRefusalReason, number>();
  for (const r of runs) if (r.stopped === "refused") for (const reason of r.refusedFor) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return counts;
}

function groupRow(group: string, runs: RunOutcome[], inCurrency: (r: RunOutcome) => boolean, spend: WindowSpend | null): GroupRow {
  const money = runs.filter(inCurrency);
  const mature = money.filter((r) => r.mature);
  const sum = (rs: RunOutcome[], f: (r: RunOutcome) => number) => rs.reduce((a, r) => a + f(r), 0);
  const revenue = sum(money, (r) => r.firstCharge);
  return {
    group,
    visitors: runs.length,
    email: runs.filter((r) => r.gaveEmail).length,
    checkout: runs.filter((r) => r.checkout).length,
    paid: runs.filter((r) => r.paid).length,
    declined: runs.filter((r) => r.stopped === "declined").length,
    refused: runs.filter((r) => r.stopped === "refused").length,
    refusals: byReason(reasonsOf(runs)),
    revenue,
    revenuePerVisitor: money.length ? revenue / money.length : 0,
    refunds: sum(money, (r) => r.refunds),
    refundAmount: sum(money, (r) => r.refundAmount),
    renewals: sum(money, (r) => r.renewals),
    renewalAmount: sum(money, (r) => r.renewalAmount),
    matureVisitors: mature.length,
    revenuePerVisitor30d: mature.length ? sum(mature, (r) => r.revenue30d) / mature.length : null,
    spend: groupSpendOf(spend, group, runs),
  };
}

/**
 * The funnel report of one flow over a window: per step, and per group with tests of each group
 * against the first (an experiment's first declared variant; otherwise the largest group).
 */
export async function funnelReport(db: Db, flow: CompiledFlow, query: FunnelQuery, words: (text: Text) => string): Promise<FunnelReport> {
  // One read-only transaction with room to sort and hash a month of events in memory (the default
  // 4 MB spills a month of a busy funnel to disk).
  const { runs, steps, spend, delivered } = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '256MB'`);
    const runs = await runOutcomes(tx, query);
    return {
      runs,
      steps: await stepOutcomes(tx, query, flow.steps[0]?.id ?? ""),
      spend: await windowSpend(tx, query),
      delivered: await deliveryCounts(tx, query, mainCurrency(runs)),
    };
  });
  const currency = mainCurrency(runs);
  const inCurrency = (r: RunOutcome) => r.currency === null || r.currency === currency;
  const notes: string[] = [];
  const elsewhere = runs.filter((r) => !inCurrency(r)).length;
  if (elsewhere > 0) notes.push(`${elsewhere} paying run(s) paid in another currency than ${currency}: counted in the conversions, not in the money.`);

  const byGroup = new Map<string, RunOutcome[]>();
  for (const r of runs) byGroup.set(r.group, [...(byGroup.get(r.group) ?? []), r]);
  const experiment =
    query.groupBy && "experiment" in query.groupBy ? flow.experiments.find((e) => e.id === (query.groupBy as { experiment: string }).experiment) : undefined;
  const order = orderGroups(byGroup, experiment?.variants.map((v) => v.id) ?? []);
  // An experiment on the offer, split by either dimension, is judged on revenue per visitor, not on conversion (ADR 065).
  const split = [query.groupBy, query.thenBy ?? null].flatMap((g) => (g && "experiment" in g ? [g.experiment] : []));
  if (flow.experiments.some((e) => split.includes(e.id) && e.variants.some((v) => v.offer))) notes.push(OFFER_NOTE);
  const groups = order.map((g) => groupRow(g, byGroup.get(g)!, inCurrency, spend));
  notes.push(...spendNotes(spend, query, new Set(order)));

  const smallestLift = experiment ? smallestLiftOf(experiment) : DEFAULT_SMALLEST_LIFT;
  const withRuns = new Map(groups.map((row) => [row.group, { row, runs: byGroup.get(row.group)! }]));
  // Each group against the first of its cut (the first group of all without a second dimension).
  const comparisons = controlsOf(order, byGroup).map(([name, against]) => compareGroups(withRuns.get(against)!, withRuns.get(name)!, inCurrency, smallestLift));
  const declared = experiment?.variants.map((v) => v.id) ?? [];
  const variants = [...withRuns.values()].filter((g) => declared.includes(g.row.group));
  // The verdict is on the experiment as a whole: a cut by a second dimension shows its comparisons, not a verdict.
  const verdict =
    experiment && !query.thenBy
      ? experimentVerdict(
          experiment,
          variants,
          comparisons.filter((c) => declared.includes(c.group) && c.against === variants[0]?.row.group),
          inCurrency,
          query,
        )
      : null;
  if (comparisons.some((c) => !c.paid.valid || !c.revenuePerVisitor.valid)) {
    notes.push("Some groups are too small for their test to hold (marked “too few”): do not conclude from them yet.");
  }

  const seen = new Map(steps.map((s) => [s.stepId, s]));
  // Ending on the result (or a step after it, such as feedback) is finishing the funnel, not dropping off.
  const result = flow.steps.findIndex((s) => s.kind === "result");
  const finished = new Set(result < 0 ? [flow.steps.at(-1)?.id] : flow.steps.slice(result).map((s) => s.id));
  return {
    flow: { code: flow.code, title: words(flow.title) },
    since: query.since.toISOString(),
    until: query.until.toISOString(),
    groupedBy: describeGroup(query),
    segment: query.segment ? `${query.segment.utm} = ${query.segment.value}` : null,
    currency,
    visitors: runs.length,
    steps: flow.steps.map((s) => {
      const o = seen.get(s.id);
      return {
        id: s.id,
        kind: s.kind,
        title: words(s.title),
        // Every run was shown the funnel's first screen, even one that left before its view was recorded.
        saw: s.id === flow.steps[0]?.id ? Math.max(o?.saw ?? 0, runs.length) : (o?.saw ?? 0),
        answered: o?.answered ?? 0,
        droppedOff: finished.has(s.id) ? 0 : (o?.droppedOff ?? 0),
        declined: finished.has(s.id) ? 0 : (o?.declined ?? 0),
        refused: finished.has(s.id) ? 0 : (o?.refused ?? 0),
        refusals: finished.has(s.id) ? [] : byReason(o?.refusedFor ?? new Map<CheckoutRefusalReason, number>()),
        medianSeconds: o?.medianSeconds ?? null,
      };
    }),
    groups,
    comparisons,
    experiment: verdict,
    trend: dailyTrend(runs, query, inCurrency),
    // Counted from the groups above, so each figure is the one the page shows beside it.
    deliveries: deliveriesOf(
      {
        lead: groups.reduce((n, g) => n + g.email, 0),
        paid: groups.reduce((n, g) => n + g.paid, 0),
        renewal: groups.reduce((n, g) => n + g.renewals, 0),
        refund: groups.reduce((n, g) => n + g.refunds, 0),
      },
      delivered,
    ),
    notes,
  };
}

const DAY_MS = 86_400_000;

const OFFER_NOTE =
  "This experiment changes the offer (its plans, their order or the preselected plan): judge it on revenue per visitor after refunds and renewals, not on conversion alone. A cheaper first plan converts more often and can still earn less.";

/** What a reader of the spend columns must know: spend counted by whole days, and spend no run of this funnel came with. */
function spendNotes(spend: WindowSpend | null, query: FunnelQuery, groups: Set<string>): string[] {
  if (!spend) return [];
  const notes: string[] = [];
  if (query.since.getTime() % DAY_MS !== 0 || query.until.getTime() % DAY_MS !== 0) {
    notes.push("Ad spend is imported per whole UTC day: the days this window covers only in part count their whole day's spend.");
  }
  const values = spend.totals.map((t) => t.value);
  const mixed = values.filter((v, i) => values.indexOf(v) !== i);
  if (mixed.length > 0) {
    notes.push(
      `${[...new Set(mixed)].map((v) => `“${v}”`).join(", ")} spent in more than one currency: each currency's cost per lead and per sale divides only its own spend by all the group's leads and sales, and its return on ad spend counts only revenue in that currency.`,
    );
  }
  const unmatched = spendWithoutRuns(spend, groups);
  if (unmatched.length > 0) {
    notes.push(
      `Ad spend was imported for ${spend.field} ${unmatched.map((v) => `“${v}”`).join(", ")} in these days, but no run of this funnel arrived with it (its ads may lead to another funnel).`,
    );
  }
  return notes;
}

/** One row per UTC day the window touches, oldest first, days without runs included: the runs that started that day and what came of them. */
export function dailyTrend(runs: RunOutcome[], query: Pick<FunnelQuery, "since" | "until">, inCurrency: (r: RunOutcome) => boolean): TrendDay[] {
  const days = new Map<string, TrendDay>();
  const first = Math.floor(query.since.getTime() / DAY_MS) * DAY_MS;
  for (let t = first; t < query.until.getTime(); t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.set(day, { day, visitors: 0, email: 0, paid: 0, revenue: 0 });
  }
  for (const r of runs) {
    const d = days.get(r.day);
    if (!d) continue;
    d.visitors++;
    if (r.gaveEmail) d.email++;
    if (r.paid) d.paid++;
    if (inCurrency(r)) d.revenue += r.firstCharge;
  }
  return [...days.values()];
}
