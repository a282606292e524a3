import { describeRefusals } from "#schemas/api/checkout-refusals.ts";
import { SPEND_WORDS } from "#schemas/api/spend-words.ts";
import { decimalMoney } from "#schemas/content/money.ts";
import type { FunnelReport } from "../funnel-report.ts";

/**
 * A text cell: quoted when it holds a comma, a quote or a line break (RFC 4180), and a leading
 * = + - @ made inert so a spreadsheet never runs a UTM value or a title as a formula.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const row = (cells: (string | number | null)[]) => cells.map((c) => (c === null ? "" : typeof c === "number" ? String(c) : csvText(c))).join(",");

/** Minor units as a plain decimal (1.99), for a spreadsheet to sum, rounded as the page rounds them. */
const major = (minor: number | null) => (minor === null ? null : decimalMoney(minor));

/** The download's file name: `<code>-<since day>-<until day>.csv`. */
export const csvFileName = (r: FunnelReport) => `${r.flow.code}-${r.since.slice(0, 10)}-${r.until.slice(0, 10)}.csv`;

/** The report's step table and group table, each under a line naming it, for a spreadsheet. */
export function renderFunnelCsv(r: FunnelReport): string {
  const unit = r.currency ? ` (${r.currency})` : "";
  const lines = [
    row([`Steps of ${r.flow.title} (${r.flow.code}) for the runs started from ${r.since} to ${r.until}${r.segment ? `, only runs with ${r.segment}` : ""}`]),
    row(["#", "step", "title", "kind", "saw", "answered", "dropped off", "declined", "refused", "refused for", "median seconds"]),
    ...r.steps.map((s, i) =>
      row([i + 1, s.id, s.title, s.kind, s.saw, s.answered, s.droppedOff, s.declined, s.refused, describeRefusals(s.refusals), s.medianSeconds]),
    ),
    "",
    row([r.groupedBy ? `Groups by ${r.groupedBy}` : "Groups"]),
    row([
      "group",
      "visitors",
      "e-mail",
      "checkout",
      "paid",
      "declined",
      "refused",
      "refused for",
      `revenue${unit}`,
      `revenue per visitor${unit}`,
      "refunds",
      `refund amount${unit}`,
      "renewals",
      `renewal amount${unit}`,
      "runs 30 days old",
      `revenue per visitor in 30 days${unit}`,
    ]),
    ...r.groups.map((g) =>
      row([
        g.group,
        g.visitors,
        g.email,
        g.checkout,
        g.paid,
        g.declined,
        g.refused,
        describeRefusals(g.refusals),
        major(g.revenue),
        major(g.revenuePerVisitor),
        g.refunds,
        major(g.refundAmount),
        g.renewals,
        major(g.renewalAmount),
        g.matureVisitors,
        major(g.revenuePerVisitor30d),
      ]),
    ),
    ...spendTable(r),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * With a UTM grouping, the spend table: a row per group and currency of its spend (two currencies
 * are never added), money as decimals in that row's currency; a group without spend, or a figure
 * with nothing to divide by, says so in words (schemas/api/spend-words.ts).
 */
function spendTable(r: FunnelReport): string[] {
  if (!r.groups.some((g) => g.spend)) return [];
  const rows = r.groups.flatMap((g) => {
    if (!g.spend) return [];
    const common = { leads: g.email, sales: g.paid, other: g.spend.otherFunnelRuns };
    if (g.spend.currencies.length === 0)
      return [row([g.group, null, SPEND_WORDS.missing, null, common.leads, null, common.sales, null, null, null, common.other])];
    return g.spend.currencies.map((c) =>
      row([
        g.group,
        c.currency,
        major(c.spend),
        c.days,
        common.leads,
        c.costPerLead === null ? SPEND_WORDS.noLeads : major(c.costPerLead),
        common.sales,
        c.costPerSale === null ? SPEND_WORDS.noSales : major(c.costPerSale),
        major(c.revenue),
        c.roas === null ? SPEND_WORDS.noSpend : c.roas.toFixed(2),
        common.other,
      ]),
    );
  });
  return [
    "",
    row([`Ad spend by ${r.groupedBy} over the window's ${r.trend.length} day(s) (each currency on its own row)`]),
    row([
      "group",
      "currency",
      "spend",
      "days with spend",
      "e-mail",
      "cost per lead",
      "paid",
      "cost per sale",
      "revenue",
      "return on ad spend",
      "runs of other funnels",
    ]),
    ...rows,
  ];
}
