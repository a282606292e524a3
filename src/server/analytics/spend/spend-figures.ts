import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { groupSpend } from "#schemas/api/admin-funnels.ts";
import type { Db } from "#server/db/client.ts";
import { dayCeil, dayFloor, isoDay, startedIn, utmValue, type FunnelQuery, type RunOutcome, type UtmField } from "../funnel-queries.ts";

type GroupSpend = z.infer<typeof groupSpend>;

/** The spend of one UTM value in one currency over the window's days. */
type SpendTotal = { value: string; currency: string; amount: number; days: number };

/** What the report needs of the spend imported for its window: per UTM value and currency, and the runs of other funnels each value brought. */
export type WindowSpend = { field: UtmField; totals: SpendTotal[]; otherFunnelRuns: Map<string, number> };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The column of ad_spend a UTM field is matched with. */
const SPEND_COLUMN = { utm_source: sql`source`, utm_campaign: sql`campaign` } as const;

/**
 * The ad spend of every UTM value of the report's grouping over the days the window touches (as the
 * daily trend counts them), per currency; null when the report is not grouped by source or
 * campaign (spend is imported per source and campaign only). With it, the runs of other funnels in
 * the window that arrived with a value that has spend: the same ads brought them too.
 */
export async function windowSpend(db: Db, query: FunnelQuery): Promise<WindowSpend | null> {
  // A two-dimension cut has no spend column: spend is imported per source and campaign, not per variant.
  if (!query.groupBy || !("utm" in query.groupBy) || query.thenBy) return null;
  const field = query.groupBy.utm;
  const column = SPEND_COLUMN[field];
  const totals = rowsOf<SpendTotal>(
    await db.execute(sql`
      select ${column} as value, currency, sum(amount)::float8 as amount, count(distinct day)::int as days
      from ad_spend
      where day >= ${isoDay(dayFloor(query.since))}::date and day < ${isoDay(dayCeil(query.until))}::date
      group by 1, 2
      order by 1, 2`),
  );
  const values = [...new Set(totals.map((t) => t.value))];
  const others = values.length
    ? rowsOf<{ value: string; runs: number }>(
        await db.execute(sql`
          select ${utmValue(field)} as value, count(*)::int as runs
          from quiz_sessions s
          where s.flow_code <> ${query.flow} and ${startedIn(query)} and ${utmValue(field)} in (${sql.join(
            values.map((v) => sql`${v}`),
            sql`, `,
          )})
          group by 1`),
      )
    : [];
  return { field, totals, otherFunnelRuns: new Map(others.map((o) => [o.value, o.runs])) };
}

/**
 * A group's spend beside what its runs did, per currency, never two currencies added together:
 * cost per lead (spend ÷ runs that gave their e-mail), cost per sale (spend ÷ runs whose first
 * order was paid) and return on ad spend (the group's first charges in that currency ÷ spend). A
 * figure that would divide by zero is null, which the readers write in words.
 */
export function groupSpendOf(spend: WindowSpend | null, group: string, runs: RunOutcome[]): GroupSpend | null {
  if (!spend) return null;
  const leads = runs.filter((r) => r.gaveEmail).length;
  const sales = runs.filter((r) => r.paid).length;
  return {
    otherFunnelRuns: spend.otherFunnelRuns.get(group) ?? 0,
    currencies: spend.totals
      .filter((t) => t.value === group)
      .map((t) => {
        const revenue = runs.filter((r) => r.currency === t.currency).reduce((a, r) => a + r.firstCharge, 0);
        return {
          currency: t.currency,
          spend: t.amount,
          days: t.days,
          revenue,
          costPerLead: leads > 0 ? t.amount / leads : null,
          costPerSale: sales > 0 ? t.amount / sales : null,
          roas: t.amount > 0 ? revenue / t.amount : null,
        };
      }),
  };
}

/** The UTM values with spend in the window that no run of this funnel arrived with (their ads may lead to another funnel). */
export const spendWithoutRuns = (spend: WindowSpend | null, groups: Set<string>): string[] =>
  spend ? [...new Set(spend.totals.map((t) => t.value))].filter((v) => !groups.has(v)) : [];
