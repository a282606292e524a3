import { describe, expect, it } from "vitest";
import { addMonths, addPeriod, firstPeriodEnd, pauseEnd } from "./billing-dates.ts";

const utc = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe("billing dates", () => {
  it.each([
    ["2026-01-31T10:00:00.000Z", "month", "2026-02-28T10:00:00.000Z"],
    ["2028-01-31T10:00:00.000Z", "month", "2028-02-29T10:00:00.000Z"],
    ["2026-03-31T10:00:00.000Z", "month", "2026-04-30T10:00:00.000Z"],
    ["2026-11-30T23:59:59.000Z", "quarter", "2027-02-28T23:59:59.000Z"],
    ["2026-12-15T08:00:00.000Z", "month", "2027-01-15T08:00:00.000Z"],
    ["2028-02-29T12:00:00.000Z", "year", "2029-02-28T12:00:00.000Z"],
    ["2027-02-28T12:00:00.000Z", "year", "2028-02-28T12:00:00.000Z"],
    ["2026-12-29T12:00:00.000Z", "week", "2027-01-05T12:00:00.000Z"],
  ] as const)("%s + one %s = %s (month ends, leap years, year ends)", (start, period, end) => {
    expect(iso(addPeriod(utc(start), period))).toBe(end);
  });

  it.each([
    // The month ends a charge can fall on, one to three months on (a pause is 1–3 months).
    ["2026-01-31T10:00:00.000Z", 1, "2026-02-28T10:00:00.000Z"],
    ["2028-01-31T10:00:00.000Z", 1, "2028-02-29T10:00:00.000Z"],
    ["2026-01-31T10:00:00.000Z", 3, "2026-04-30T10:00:00.000Z"],
    ["2026-02-28T10:00:00.000Z", 1, "2026-03-28T10:00:00.000Z"],
    ["2028-02-29T10:00:00.000Z", 1, "2028-03-29T10:00:00.000Z"],
    ["2028-02-29T10:00:00.000Z", 12, "2029-02-28T10:00:00.000Z"],
    ["2026-12-30T10:00:00.000Z", 1, "2027-01-30T10:00:00.000Z"],
    ["2026-12-30T10:00:00.000Z", 2, "2027-02-28T10:00:00.000Z"],
    ["2027-12-30T10:00:00.000Z", 2, "2028-02-29T10:00:00.000Z"],
    ["2026-12-31T10:00:00.000Z", 1, "2027-01-31T10:00:00.000Z"],
    ["2026-12-31T10:00:00.000Z", 3, "2027-03-31T10:00:00.000Z"],
    ["2026-12-31T23:59:59.999Z", 2, "2027-02-28T23:59:59.999Z"],
    ["2027-03-31T10:00:00.000Z", -1, "2027-02-28T10:00:00.000Z"],
  ] as const)("%s + %i months = %s: a day the target month lacks becomes its last day", (start, months, end) => {
    expect(iso(addMonths(utc(start), months))).toBe(end);
    expect(iso(pauseEnd(utc(start), months))).toBe(end);
  });

  it("renews from the end of each period, so a short month does not pull later renewals earlier than the 28th/29th/30th", () => {
    let end = utc("2026-01-31T10:00:00.000Z");
    const ends: string[] = [];
    for (let i = 0; i < 3; i++) {
      end = addPeriod(end, "month");
      ends.push(iso(end).slice(0, 10));
    }
    // Each renewal counts from the previous period's end, as the renewal job does.
    expect(ends).toEqual(["2026-02-28", "2026-03-28", "2026-04-28"]);
    // Counting from the original start keeps the 31st/30th where the month has it.
    expect(iso(addPeriod(utc("2026-01-31T10:00:00.000Z"), "month", 3)).slice(0, 10)).toBe("2026-04-30");
  });

  it("the first period is the trial when there is one, else one regular period", () => {
    const bought = utc("2026-11-23T17:00:00.000Z");
    expect(iso(firstPeriodEnd(bought, { trialDays: 7, period: "month" }))).toBe("2026-11-30T17:00:00.000Z");
    expect(iso(firstPeriodEnd(bought, { trialDays: 0, period: "quarter" }))).toBe("2027-02-23T17:00:00.000Z");
  });

  it("a pause of 1–3 months moves the next charge by calendar months", () => {
    expect(iso(pauseEnd(utc("2026-01-31T09:00:00.000Z"), 1))).toBe("2026-02-28T09:00:00.000Z");
    expect(iso(pauseEnd(utc("2026-11-30T09:00:00.000Z"), 3))).toBe("2027-02-28T09:00:00.000Z");
    expect(iso(pauseEnd(utc("2027-12-31T09:00:00.000Z"), 2))).toBe("2028-02-29T09:00:00.000Z");
  });

  it("works in UTC: the buyer's time zone and daylight saving never move a charge", () => {
    // 23:30 on 31 January in New York (UTC−5) is 1 February in UTC: it renews on 1 March.
    expect(iso(addPeriod(utc("2026-01-31T23:30:00.000-05:00"), "month"))).toBe("2026-03-01T04:30:00.000Z");
    // 00:30 on 1 March in Berlin (UTC+1) is 28 February in UTC: it renews on 28 March at the same UTC time.
    expect(iso(addPeriod(utc("2026-03-01T00:30:00.000+01:00"), "month"))).toBe("2026-03-28T23:30:00.000Z");
    // Across the change to summer time in Europe (29 March 2026) and the US (8 March 2026) a month is a calendar month in UTC.
    expect(iso(addMonths(utc("2026-03-15T12:00:00.000Z"), 1))).toBe("2026-04-15T12:00:00.000Z");
    const tz = process.env.TZ;
    process.env.TZ = "Pacific/Auckland";
    try {
      expect(iso(addPeriod(utc("2026-01-31T10:00:00.000Z"), "month"))).toBe("2026-02-28T10:00:00.000Z");
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });
});
