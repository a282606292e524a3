import { describe, expect, it } from "vitest";
import { parseReportArgs } from "./report-args.ts";

const NOW = new Date("2026-11-25T12:00:00Z");
const parse = (...argv: string[]) => parseReportArgs(argv, NOW);

describe("funnel report arguments", () => {
  it("reads a flow, a window back from now, and a grouping", () => {
    expect(parse("--flow", "career_test_green", "--since", "7d", "--variant-of", "result_page", "--html", "out.html")).toEqual({
      ok: true,
      value: {
        query: { flow: "career_test_green", since: new Date("2026-11-18T12:00:00Z"), until: NOW, groupBy: { experiment: "result_page" } },
        html: "out.html",
        json: false,
      },
    });
    const byDates = parse("--flow", "anxiety_gad7", "--since", "2026-11-01", "--until", "2026-11-08", "--by", "utm_campaign", "--json");
    expect(byDates).toMatchObject({
      ok: true,
      value: { query: { since: new Date("2026-11-01T00:00:00Z"), until: new Date("2026-11-08T00:00:00Z"), groupBy: { utm: "utm_campaign" } }, json: true },
    });
    // 30 days by default.
    expect(parse("--flow", "anxiety_gad7")).toMatchObject({ ok: true, value: { query: { since: new Date("2026-10-26T12:00:00Z"), groupBy: null } } });
  });

  it("refuses what it cannot read, saying what is wrong", () => {
    const problems = (...argv: string[]) => {
      const r = parse(...argv);
      return r.ok ? [] : r.problems;
    };
    expect(problems()).toContain("--flow: Invalid input: expected string, received undefined");
    expect(problems("--flow", "Career Test")[0]).toMatch(/--flow: expected a flow code/);
    expect(problems("--flow", "career_test_green", "--since", "yesterday")[0]).toMatch(/--since/);
    expect(problems("--flow", "career_test_green", "--by", "utm_medium")[0]).toMatch(/--by/);
    expect(problems("--flow", "career_test_green", "--since")).toContain("--since needs a value");
    expect(problems("--flow", "a_flow", "--flow", "b_flow")).toContain("--flow given twice");
    expect(problems("--flow", "career_test_green", "--colour", "red")[0]).toMatch(/colour/);
    expect(problems("--flow", "career_test_green", "extra")).toContain('unexpected argument "extra"');
    expect(problems("--flow", "career_test_green", "--variant-of", "x", "--by", "utm_source")).toEqual(["give --variant-of or --by, not both"]);
    expect(problems("--flow", "career_test_green", "--since", "2026-12-01", "--until", "2026-11-01")).toEqual(["--since must be before --until"]);
  });

  it("reads a second split and a segment (ADR 065), and refuses a second split alone or the same as the first", () => {
    expect(parse("--flow", "stress_level", "--variant-of", "offer_order", "--then-by", "utm_source", "--segment", "utm_campaign:spring")).toMatchObject({
      ok: true,
      value: { query: { groupBy: { experiment: "offer_order" }, thenBy: { utm: "utm_source" }, segment: { utm: "utm_campaign", value: "spring" } } },
    });
    const problems = (...argv: string[]) => {
      const r = parse(...argv);
      return r.ok ? [] : r.problems;
    };
    expect(problems("--flow", "stress_level", "--then-by", "utm_source")).toEqual([
      "--then-by splits the groups of --variant-of or --by: give one of them too",
    ]);
    expect(problems("--flow", "stress_level", "--by", "utm_source", "--then-by", "utm_source")).toEqual([
      "--then-by must be another dimension than the first split",
    ]);
    expect(problems("--flow", "stress_level", "--segment", "utm_medium:cpc")[0]).toMatch(/--segment: a segment is utm_source:<value> or utm_campaign:<value>/);
  });
});
