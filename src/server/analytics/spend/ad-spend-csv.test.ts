import { describe, expect, it } from "vitest";
import { AD_SPEND_LIMITS } from "#schemas/api/admin-ad-spend.ts";
import { parseAdSpendCsv } from "./ad-spend-csv.ts";

const lines = (...ls: string[]) => ls.join("\r\n");
const HEADER = "date,source,campaign,currency,spend";

describe("parseAdSpendCsv", () => {
  it("reads each row's day, source, campaign, currency and spend in minor units, exactly", () => {
    const parsed = parseAdSpendCsv(
      lines(HEADER, "2026-11-01,facebook,burnout-nov,USD,1234.5", "2026-11-01,tiktok,burnout-nov,eur,0.07", "2026-11-02,facebook,burnout-nov,USD,19"),
    );
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { day: "2026-11-01", source: "facebook", campaign: "burnout-nov", currency: "USD", amount: 123450 },
        { day: "2026-11-01", source: "tiktok", campaign: "burnout-nov", currency: "EUR", amount: 7 },
        { day: "2026-11-02", source: "facebook", campaign: "burnout-nov", currency: "USD", amount: 1900 },
      ],
    });
  });

  it("takes the columns in any order, a spreadsheet's byte-order mark, LF line ends, quoted names and blank lines", () => {
    const text = `\uFEFFSpend,Currency,Date,Campaign,Source\n"10.10",GBP,2026-11-03,"Spring, ""brand""",google\n\n`;
    expect(parseAdSpendCsv(text)).toEqual({
      ok: true,
      rows: [{ day: "2026-11-03", source: "google", campaign: 'Spring, "brand"', currency: "GBP", amount: 1010 }],
    });
  });

  it("names every bad row by its line, and keeps none of the rows", () => {
    const parsed = parseAdSpendCsv(
      lines(
        HEADER,
        "2026-11-01,facebook,a,USD,10",
        "2026-11-31,facebook,a,USD,10", // no such day
        "2026-11-02,,a,USD,10", // no source
        "2026-11-02,facebook,a,JPY,10", // not sold in
        '2026-11-02,facebook,a,USD,"1,200.00"', // thousands separator
        "2026-11-03,facebook,a,USD,-5",
        "2026-11-03,facebook,b,USD,1.234",
        "2026-11-01,facebook,a,USD,12", // line 2 again
        "2026-11-04,facebook,a,USD", // a cell short
        "2026-11-05,facebook,(none),USD,3",
      ),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.map((p) => p.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const at = (line: number) => parsed.problems.find((p) => p.line === line)!.message;
    expect(at(3)).toMatch(/date "2026-11-31"/);
    expect(at(4)).toMatch(/source is empty/);
    expect(at(5)).toMatch(/currency "JPY" is not one the app sells in \(USD, EUR, GBP, CAD, AUD\)/);
    expect(at(6)).toMatch(/no thousands separator/);
    expect(at(7)).toMatch(/negative/);
    expect(at(8)).toMatch(/at most two decimals/);
    expect(at(9)).toMatch(/same date, source and campaign as line 2/);
    expect(at(10)).toMatch(/4 cells where the header has 5/);
    expect(at(11)).toMatch(/how the figures name visitors without a utm_campaign/);
  });

  it("counts lines as the file has them, a quoted line break included", () => {
    const parsed = parseAdSpendCsv(lines(HEADER, '2026-11-01,facebook,"two\nlines",USD,1', "2026-11-01,facebook,x,USD,oops"));
    // A line break is no part of a UTM value (a link cannot keep it): that row is refused too, on the line it starts.
    expect(parsed).toMatchObject({ ok: false, problems: [{ line: 2, message: expect.stringMatching(/control character/) }, { line: 4 }] });
  });

  it("refuses a wrong header, an empty file, a file without rows, an open quote and too many rows", () => {
    expect(parseAdSpendCsv("date,source,campaign,spend,cost\n2026-11-01,a,b,1,2")).toMatchObject({
      ok: false,
      problems: [{ line: 1, message: expect.stringMatching(/unknown column "cost"; missing currency/) }],
    });
    expect(parseAdSpendCsv("")).toMatchObject({ ok: false, problems: [{ line: 1, message: expect.stringMatching(/empty/) }] });
    expect(parseAdSpendCsv(`${HEADER}\r\n`)).toMatchObject({ ok: false, problems: [{ line: 2, message: expect.stringMatching(/no rows/) }] });
    expect(parseAdSpendCsv(lines(HEADER, '2026-11-01,facebook,"open,USD,1'))).toMatchObject({
      ok: false,
      problems: [{ line: 2, message: expect.stringMatching(/never closed/) }],
    });
    const many = Array.from({ length: AD_SPEND_LIMITS.rows + 1 }, (_, i) => `2026-11-01,facebook,c${i},USD,1`);
    expect(parseAdSpendCsv(lines(HEADER, ...many))).toMatchObject({
      ok: false,
      problems: [{ line: AD_SPEND_LIMITS.rows + 2, message: expect.stringMatching(/split the file/) }],
    });
  });
});
