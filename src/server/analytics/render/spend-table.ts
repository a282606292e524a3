import { formatCost, formatRoas, spendDays, SPEND_WORDS } from "#schemas/api/spend-words.ts";
import { formatMoney } from "#schemas/content/money.ts";
import type { FunnelReport } from "../funnel-report.ts";
import { count } from "./report-format.ts";

/** The spend table's columns, as the command's text and its HTML head them. */
export const SPEND_HEAD = ["group", "currency", "spend", "e-mail", "cost per lead", "paid", "cost per sale", "revenue", "return on ad spend"];

/**
 * With a UTM grouping, the spend table of the text and the HTML as plain text cells: a row per
 * group and currency of its spend (never two currencies added), "no spend imported" for a group
 * without; null for another grouping.
 */
export function spendCells(r: FunnelReport): string[][] | null {
  if (!r.groups.some((g) => g.spend)) return null;
  const windowDays = r.trend.length;
  return r.groups.flatMap((g) => {
    if (!g.spend) return [];
    if (g.spend.currencies.length === 0) return [[g.group, "–", SPEND_WORDS.missing, count(g.email), "–", count(g.paid), "–", "–", "–"]];
    return g.spend.currencies.map((c) => {
      const part = spendDays(c.days, windowDays);
      return [
        g.group,
        c.currency,
        `${formatMoney(c.spend, c.currency)}${part ? ` (${part})` : ""}`,
        count(g.email),
        formatCost(c.costPerLead, c.currency, "lead"),
        count(g.paid),
        formatCost(c.costPerSale, c.currency, "sale"),
        formatMoney(c.revenue, c.currency),
        formatRoas(c.roas),
      ];
    });
  });
}

/** The groups whose spend also brought runs of other funnels, in words ("facebook: 12 runs of other funnels"). */
export const sharedSpend = (r: FunnelReport): string[] =>
  r.groups.filter((g) => (g.spend?.otherFunnelRuns ?? 0) > 0).map((g) => `${g.group}: ${count(g.spend!.otherFunnelRuns)} runs of other funnels`);
