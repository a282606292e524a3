import { sql } from "drizzle-orm";
import type { ExperimentPlan } from "#schemas/api/admin-funnels.ts";
import type { Db } from "../db/client.ts";
import { inWindow } from "./funnel-queries.ts";
import { daysFor, rateBaseline, visitorsPerVariant } from "./stats/planner.ts";

/**
 * The sample-size planner (ADR 064): visitors per variant for a baseline rate and the smallest lift
 * worth finding, and the days they take at the flow's traffic over the window, split evenly over
 * `variants`.
 */
export async function experimentPlanOf(
  db: Db,
  ask: { flow: string; baseline: number; lift: number; variants: number; since: Date; until: Date },
): Promise<ExperimentPlan> {
  const result = await db.execute(sql`select count(*)::int as runs from quiz_sessions s where ${inWindow({ ...ask, groupBy: null })}`);
  const runs = (result as { rows: { runs: number }[] }).rows[0]?.runs ?? 0;
  const dailyVisitors = runs / ((ask.until.getTime() - ask.since.getTime()) / 86_400_000);
  const { sequential, fixed } = visitorsPerVariant(rateBaseline(ask.baseline, ask.lift));
  return { visitorsPerVariant: sequential, fixedVisitorsPerVariant: fixed, dailyVisitors, days: daysFor(sequential * ask.variants, dailyVisitors) };
}
