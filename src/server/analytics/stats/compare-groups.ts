import type { z } from "zod";
import type { comparison, groupRow } from "#schemas/api/admin-funnels.ts";
import type { RunOutcome } from "../funnel-queries.ts";
import { guardrailsOf, stated as statedSequential } from "./guardrails.ts";
import { netRevenue } from "./net-revenue.ts";
import { sequentialMeans, sequentialRates } from "./sequential-tests.ts";
import { summarise, twoProportionTest, welchTest, type TestResult } from "./statistics.ts";

type Comparison = z.infer<typeof comparison>;

/** A group's figures and its runs. */
export type GroupRuns = { row: z.infer<typeof groupRow>; runs: RunOutcome[] };

/** A test as the report states it: a p-value or statistic that cannot be computed (NaN) is null. */
const stated = (t: TestResult): Comparison["email"] => ({
  ...t,
  statistic: Number.isFinite(t.statistic) ? t.statistic : null,
  p: Number.isFinite(t.p) ? t.p : null,
});

/**
 * One group against the control: the fixed-sample tests of ADR 033 (read once), the always-valid
 * tests the verdict rests on (ADR 064: paid conversion, net revenue per visitor in major units),
 * and the guardrails. Money counts only the runs `inCurrency`.
 */
export function compareGroups(control: GroupRuns, group: GroupRuns, inCurrency: (r: RunOutcome) => boolean, smallestLift: number): Comparison {
  const [a, b] = [control.row, group.row];
  const firstCharges = (g: GroupRuns) => g.runs.filter(inCurrency).map((r) => r.firstCharge / 100);
  const net = (g: GroupRuns) => summarise(g.runs.filter(inCurrency).map((r) => netRevenue(r) / 100));
  return {
    group: b.group,
    against: a.group,
    email: stated(twoProportionTest({ successes: a.email, n: a.visitors }, { successes: b.email, n: b.visitors })),
    paid: stated(twoProportionTest({ successes: a.paid, n: a.visitors }, { successes: b.paid, n: b.visitors })),
    revenuePerVisitor: stated(welchTest(summarise(firstCharges(control)), summarise(firstCharges(group)), { a: a.paid, b: b.paid })),
    sequential: {
      paid: statedSequential(sequentialRates({ successes: a.paid, n: a.visitors }, { successes: b.paid, n: b.visitors }, smallestLift)),
      netRevenuePerVisitor: statedSequential(sequentialMeans(net(control), net(group), { a: a.paid, b: b.paid }, smallestLift)),
    },
    guardrails: guardrailsOf(control.runs, group.runs, smallestLift),
  };
}
