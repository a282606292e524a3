import type { z } from "zod";
import type { comparison, ExperimentVerdictView, SequentialView } from "#schemas/api/admin-funnels.ts";
import type { Experiment } from "#schemas/flow/experiments.ts";
import type { GroupRuns } from "./compare-groups.ts";
import { netRevenue } from "./net-revenue.ts";
import { daysFor, rateBaseline, visitorsPerVariant, type Baseline } from "./planner.ts";
import { rolloutChange } from "./rollout-change.ts";
import { ALPHA } from "./sequential.ts";
import { summarise } from "./statistics.ts";

type Comparison = z.infer<typeof comparison>;
type Outcome = "wins" | "loses" | "no_difference" | "undecided";

/** The smallest relative lift worth finding when the experiment does not say (ADR 064). */
export const DEFAULT_SMALLEST_LIFT = 0.1;

export const smallestLiftOf = (experiment: Experiment) => experiment.smallest_lift ?? DEFAULT_SMALLEST_LIFT;

/** The metric an experiment is judged on: what it says, else net revenue per visitor when a variant changes the offer, else paid conversion. */
const decidingMetric = (experiment: Experiment): ExperimentVerdictView["decideOn"] =>
  experiment.decide_on ?? (experiment.variants.some((v) => "offer" in v) ? "net_revenue_per_visitor" : "paid");

/** One variant against the control on the deciding metric. */
function outcomeOf(test: SequentialView, smallestLift: number): Outcome {
  if (!test.valid || test.p === null || test.difference === null) return "undecided";
  if (test.p <= ALPHA) return test.difference > 0 ? "wins" : "loses";
  if (test.liftLow !== null && test.liftHigh !== null && test.liftLow > -smallestLift && test.liftHigh < smallestLift) return "no_difference";
  return "undecided";
}

function baselineOf(
  control: GroupRuns,
  metric: ExperimentVerdictView["decideOn"],
  smallestLift: number,
  inCurrency: (r: GroupRuns["runs"][number]) => boolean,
): Baseline {
  if (metric === "paid") return rateBaseline(control.row.visitors ? control.row.paid / control.row.visitors : 0, smallestLift);
  const net = summarise(control.runs.filter(inCurrency).map((r) => netRevenue(r) / 100));
  return { mean: net.mean, smallestLift, varianceA: net.variance, varianceB: net.variance };
}

/**
 * An experiment's one verdict (ADR 064): a variant wins when the always-valid test finds it better
 * than the control on the deciding metric (the control wins when every variant is worse); "no
 * difference large enough to matter" when every variant's lift interval lies inside ± the smallest
 * lift worth finding (or it is worse); otherwise "keep running", with the visitors the planner says
 * each variant needs and the days they take at the window's traffic. Guardrails a variant is
 * significantly worse on are flagged beside it.
 */
export function experimentVerdict(
  experiment: Experiment,
  groups: GroupRuns[],
  comparisons: Comparison[],
  inCurrency: (r: GroupRuns["runs"][number]) => boolean,
  window: { since: Date; until: Date },
): ExperimentVerdictView {
  const decideOn = decidingMetric(experiment);
  const smallestLift = smallestLiftOf(experiment);
  const outcomes = comparisons.map((c) => ({
    group: c.group,
    test: decideOn === "paid" ? c.sequential.paid : c.sequential.netRevenuePerVisitor,
    outcome: outcomeOf(decideOn === "paid" ? c.sequential.paid : c.sequential.netRevenuePerVisitor, smallestLift),
  }));
  const winners = outcomes.filter((o) => o.outcome === "wins").sort((x, y) => (y.test.lift ?? 0) - (x.test.lift ?? 0));
  const control = groups[0];
  const decided = outcomes.length > 0 && outcomes.every((o) => o.outcome === "loses" || o.outcome === "no_difference");
  const winner = winners[0]?.group ?? (decided && outcomes.every((o) => o.outcome === "loses") ? (control?.row.group ?? null) : null);
  const verdict = winner ? "wins" : decided ? "no_difference" : "keep_running";

  const needed = control ? visitorsPerVariant(baselineOf(control, decideOn, smallestLift, inCurrency)).sequential : NaN;
  const perVariant = Number.isFinite(needed) ? needed : null;
  const windowDays = (window.until.getTime() - window.since.getTime()) / 86_400_000;
  const running = (experiment.status ?? "running") === "running" && verdict === "keep_running" && perVariant !== null;
  const missing = groups.map((g) => ({ still: Math.max(0, perVariant! - g.row.visitors), perDay: g.row.visitors / windowDays }));
  const days = running ? missing.map((m) => daysFor(m.still, m.perDay)) : [];
  const day = window.until.toISOString().slice(0, 10);
  return {
    id: experiment.id,
    status: experiment.status ?? "running",
    started: experiment.started ?? null,
    stopped: experiment.stopped ?? null,
    rolledOut: experiment.rolled_out ?? null,
    decideOn,
    smallestLift,
    verdict,
    winner,
    visitorsPerVariant: perVariant,
    visitorsStillNeeded: running ? missing.reduce((n, m) => n + m.still, 0) : null,
    daysStillNeeded: running ? (days.some((d) => d === null) ? null : Math.max(0, ...(days as number[]))) : null,
    flagged: comparisons.flatMap((c) => c.guardrails.filter((g) => g.worse).map((g) => ({ group: c.group, metric: g.metric }))),
    rollout: winner && (experiment.status ?? "running") === "running" ? { variant: winner, diff: rolloutChange(experiment, winner, day) } : null,
  };
}
