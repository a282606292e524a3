import { describe, expect, it } from "vitest";
import type { RunOutcome } from "./funnel-queries.ts";
import { dailyTrend } from "./funnel-report.ts";

const run = (day: string, extra: Partial<RunOutcome> = {}): RunOutcome => ({
  group: "all",
  cut: null,
  day,
  gaveEmail: false,
  checkout: false,
  paid: false,
  stopped: null,
  refusedFor: [],
  currency: null,
  firstCharge: 0,
  renewals: 0,
  renewalAmount: 0,
  refunds: 0,
  refundAmount: 0,
  revenue30d: 0,
  mature: false,
  ...extra,
});

describe("the daily trend", () => {
  it("has one row per UTC day the window touches, quiet days as zeros, money only in the report's currency", () => {
    const runs = [
      run("2026-03-10", { gaveEmail: true, paid: true, currency: "USD", firstCharge: 199 }),
      run("2026-03-10", { paid: true, currency: "EUR", firstCharge: 500 }),
      run("2026-03-12"),
    ];
    const trend = dailyTrend(runs, { since: new Date("2026-03-09T22:00:00Z"), until: new Date("2026-03-12T01:00:00Z") }, (r) => r.currency !== "EUR");
    expect(trend).toEqual([
      { day: "2026-03-09", visitors: 0, email: 0, paid: 0, revenue: 0 },
      { day: "2026-03-10", visitors: 2, email: 1, paid: 2, revenue: 199 },
      { day: "2026-03-11", visitors: 0, email: 0, paid: 0, revenue: 0 },
      { day: "2026-03-12", visitors: 1, email: 0, paid: 0, revenue: 0 },
    ]);
  });

  it("ends at a window that ends at midnight without an empty day after it", () => {
    const trend = dailyTrend([], { since: new Date("2026-03-10T00:00:00Z"), until: new Date("2026-03-12T00:00:00Z") }, () => true);
    expect(trend.map((d) => d.day)).toEqual(["2026-03-10", "2026-03-11"]);
  });
});
