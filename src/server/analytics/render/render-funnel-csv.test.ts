import { describe, expect, it } from "vitest";
import { formatMoney } from "#schemas/content/money.ts";
import type { FunnelReport } from "../funnel-report.ts";
import { csvFileName, csvText, renderFunnelCsv } from "./render-funnel-csv.ts";

/** RFC 4180 read back: what a spreadsheet sees in each cell. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted) {
      if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endCell();
    else if (c === "\r" && text[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  return rows;
}

const step = (id: string, title: string) => ({
  id,
  kind: "single_choice",
  title,
  saw: 10,
  answered: 8,
  droppedOff: 1,
  declined: 0,
  refused: 0,
  refusals: [],
  medianSeconds: 4,
});
const report: FunnelReport = {
  flow: { code: "leadership_style", title: "Leadership, in short" },
  since: "2026-11-01T00:00:00.000Z",
  until: "2026-11-08T00:00:00.000Z",
  groupedBy: "utm_campaign",
  segment: null,
  currency: "USD",
  visitors: 10,
  steps: [step("intro", 'Are you a "natural" leader, or a made one?'), step("team", "Your team\nin one line")],
  groups: [
    {
      group: "=HYPERLINK(1)",
      visitors: 10,
      email: 6,
      checkout: 4,
      paid: 2,
      declined: 1,
      refused: 1,
      refusals: [{ reason: "rate_limited" as const, runs: 1 }],
      revenue: 398,
      revenuePerVisitor: 39.8,
      refunds: 0,
      refundAmount: 0,
      renewals: 0,
      renewalAmount: 0,
      matureVisitors: 0,
      revenuePerVisitor30d: null,
      spend: null,
    },
  ],
  comparisons: [],
  experiment: null,
  trend: [],
  deliveries: [],
  notes: [],
};

describe("the report as CSV", () => {
  it("keeps a title with a comma, quotes or a line break whole in its cell", () => {
    const rows = parseCsv(renderFunnelCsv(report));
    expect(rows[0]).toEqual([
      "Steps of Leadership, in short (leadership_style) for the runs started from 2026-11-01T00:00:00.000Z to 2026-11-08T00:00:00.000Z",
    ]);
    expect(rows[2]).toEqual(["1", "intro", 'Are you a "natural" leader, or a made one?', "single_choice", "10", "8", "1", "0", "0", "", "4"]);
    expect(rows[3]![2]).toBe("Your team\nin one line");
  });

  it("puts the groups under their own line, money as decimals, and never lets a cell start a formula", () => {
    const rows = parseCsv(renderFunnelCsv(report));
    const at = rows.findIndex((r) => r[0] === "Groups by utm_campaign");
    expect(rows[at - 1]).toEqual([""]);
    expect(rows[at + 1]!.slice(0, 9)).toEqual(["group", "visitors", "e-mail", "checkout", "paid", "declined", "refused", "refused for", "revenue (USD)"]);
    expect(rows[at + 2]).toEqual(["'=HYPERLINK(1)", "10", "6", "4", "2", "1", "1", "too many attempts 1", "3.98", "0.40", "0", "0.00", "0", "0.00", "0", ""]);
    expect(csvText("-5")).toBe("'-5");
    expect(csvText("plain")).toBe("plain");
  });

  it("writes every amount as the page does, to the cent (half a cent rounds up in both)", () => {
    // Revenue per visitor is a fraction of a cent; 1.005, 2.675 and 1,229.585 are where a binary toFixed rounds down.
    for (const minor of [100.5, 267.5, 122_958.5, 39.8, 0.4, 1_000_000.49]) {
      const rows = parseCsv(renderFunnelCsv({ ...report, groups: [{ ...report.groups[0]!, revenuePerVisitor: minor }] }));
      const cell = rows[rows.findIndex((r) => r[0] === "Groups by utm_campaign") + 2]![9]!;
      expect(cell, String(minor)).toBe(formatMoney(minor, "USD").replace("US$", "").replace(/,/g, ""));
    }
  });

  it("names why the checkout refused the runs, beside how many", () => {
    const refused = { ...report, steps: [{ ...report.steps[0]!, refused: 3, refusals: [{ reason: "quiz_incomplete" as const, runs: 3 }] }] };
    const rows = parseCsv(renderFunnelCsv(refused));
    expect(rows[1]!.slice(8, 10)).toEqual(["refused", "refused for"]);
    expect(rows[2]!.slice(8, 10)).toEqual(["3", "quiz not complete 3"]);
  });

  it("is named after the flow and the window's days", () => {
    expect(csvFileName(report)).toBe("leadership_style-2026-11-01-2026-11-08.csv");
  });
});
