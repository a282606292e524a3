import { describe, expect, it } from "vitest";
import { winningExperiment } from "#tests/helpers/verdict-fixture.ts";
import type { FunnelReport } from "../funnel-report.ts";
import { stated } from "../stats/guardrails.ts";
import { renderFunnelHtml } from "./render-funnel-html.ts";
import { renderFunnelText } from "./render-funnel-text.ts";
import { sequentialRates } from "../stats/sequential-tests.ts";

const test = (p: number | null, valid: boolean) => ({
  test: "two-proportion z-test (pooled)",
  difference: 0.05,
  statistic: 2,
  p,
  valid,
  condition: "5 expected",
});
const refusals = [
  { reason: "quiz_incomplete" as const, runs: 2 },
  { reason: "rate_limited" as const, runs: 1 },
];
const group = (name: string) => ({
  group: name,
  visitors: 50,
  email: 20,
  checkout: 10,
  paid: 4,
  declined: 0,
  refused: 3,
  refusals,
  revenue: 800,
  revenuePerVisitor: 16,
  refunds: 0,
  refundAmount: 0,
  renewals: 0,
  renewalAmount: 0,
  matureVisitors: 0,
  revenuePerVisitor30d: null,
  spend: null,
});
const report = (paid: ReturnType<typeof test>): FunnelReport => ({
  flow: { code: "career_test_green", title: "Career test" },
  since: "2026-11-01T00:00:00.000Z",
  until: "2026-11-30T00:00:00.000Z",
  groupedBy: "variant of result-page",
  segment: null,
  currency: "USD",
  visitors: 100,
  steps: [
    { id: "checkout", kind: "payment", title: "Secure payment", saw: 20, answered: 4, droppedOff: 13, declined: 0, refused: 3, refusals, medianSeconds: 30 },
  ],
  groups: [group("a"), group("b")],
  trend: [],
  deliveries: [],
  notes: [],
  comparisons: [
    {
      group: "b",
      against: "a",
      email: test(0.5, true),
      paid,
      revenuePerVisitor: test(0.2, true),
      sequential: {
        paid: stated(sequentialRates({ successes: 4, n: 50 }, { successes: 4, n: 50 }, 0.1)),
        netRevenuePerVisitor: stated(sequentialRates({ successes: 4, n: 50 }, { successes: 4, n: 50 }, 0.1)),
      },
      guardrails: [],
    },
  ],
  experiment: null,
});

describe("the command's text says what the console's page says", () => {
  it("a test with too few samples shows no p-value, as on the page", () => {
    const text = renderFunnelText(report(test(0.04, false)));
    expect(text).toMatch(/paid: \+5\.00 points, two-proportion z-test \(pooled\), too few to conclude\n/);
    expect(text).not.toContain("p = 0.040");
  });

  it("a test that holds shows its p-value and whether it is significant", () => {
    expect(renderFunnelText(report(test(0.04, true)))).toContain("paid: +5.00 points, two-proportion z-test (pooled), p = 0.040, significant at 5%");
  });

  it("a refused checkout is counted with its reason, in the steps and the groups", () => {
    const text = renderFunnelText(report(test(0.5, true)));
    expect(text).toMatch(/checkout\s.*\s3 \(quiz not complete 2, too many attempts 1\)/);
    expect(text).toContain("Refused: the checkout refused it, for the reason in brackets.");
  });

  it("grouped by source, writes each currency's spend beside what it bought, and says where there is none", () => {
    const bySource: FunnelReport = {
      ...report(test(0.5, true)),
      groupedBy: "utm_source",
      trend: [
        { day: "2026-11-01", visitors: 50, email: 20, paid: 2, revenue: 400 },
        { day: "2026-11-02", visitors: 50, email: 20, paid: 2, revenue: 400 },
      ],
      groups: [
        {
          ...group("facebook"),
          spend: { otherFunnelRuns: 3, currencies: [{ currency: "USD", spend: 4000, days: 1, revenue: 800, costPerLead: 200, costPerSale: 1000, roas: 0.2 }] },
        },
        { ...group("google"), paid: 0, spend: { otherFunnelRuns: 0, currencies: [] } },
      ],
      comparisons: [],
    };
    const text = renderFunnelText(bySource);
    expect(text).toContain("Ad spend by utm_source");
    expect(text).toMatch(/facebook\s+USD\s+US\$40\.00 \(1 of 2 days\)\s+20\s+US\$2\.00\s+4\s+US\$10\.00\s+US\$8\.00\s+0\.20×\n/);
    expect(text).toMatch(/google\s+–\s+no spend imported\s+20\s+–\s+0\s/);
    expect(text).toContain("The same ads also brought facebook: 3 runs of other funnels");
  });
});

describe("the command's text says the experiment's verdict as the page does", () => {
  it("names the winner, a guardrail it is worse on, and the YAML change that rolls it out", () => {
    const text = renderFunnelText({
      ...report(test(0.04, true)),
      experiment: winningExperiment("result-page"),
    });
    expect(text).toContain(
      [
        "Verdict on result-page (always-valid test, may be read every day): b wins on paid conversion.",
        "  Guardrail: b's refund rate is significantly higher than a's.",
        "  To roll out b, change the flow's YAML:",
        "      - id: result-page",
        "  +     status: rolled_out",
        "  +     rolled_out: b",
        "        started: 2026-11-02",
        "  +     stopped: 2026-11-27",
      ].join("\n"),
    );
  });
});

describe("the command's text and HTML say the fixed-sample p-values lie when read daily, as the page does (ADR 064)", () => {
  const daily = /fixed-sample tests: a p-value holds only when read once, at a size chosen in advance; looked at every day they name false winners/;
  const decide = /Decide on the experiment’s verdict, which stays true however often it is read\./;
  const split = { ...report(test(0.04, true)), experiment: winningExperiment("result-page") };

  it("the text puts the note under the tests and, split by an experiment, sends the reader to its verdict", () => {
    const text = renderFunnelText(split);
    const tests = text.indexOf("Each group against a (two-sided tests)");
    expect(tests).toBeGreaterThanOrEqual(0);
    expect(text.slice(tests, text.indexOf("Verdict on result-page"))).toMatch(daily);
    expect(text).toMatch(decide);
    // Grouped by a source there is no verdict to send the reader to: the warning stays, the pointer goes.
    const bySource = renderFunnelText({ ...report(test(0.04, true)), groupedBy: "utm_source" });
    expect(bySource).toMatch(daily);
    expect(bySource).not.toMatch(decide);
  });

  it("the HTML shows the verdict, and the same note under its tests", () => {
    const html = renderFunnelHtml(split);
    const tests = html.indexOf("<h2>Tests (two-sided)</h2>");
    expect(tests).toBeGreaterThanOrEqual(0);
    expect(html.slice(tests)).toMatch(daily);
    expect(html.slice(tests)).toMatch(decide);
    expect(html).toContain("<h2>Verdict on result-page</h2>");
    expect(html).toContain("<b>b wins on paid conversion.</b>");
    expect(html).toContain("Guardrail: b’s refund rate is significantly higher than a’s.");
    expect(html).toContain("+     rolled_out: b");
    expect(renderFunnelHtml({ ...report(test(0.04, true)), groupedBy: "utm_source" })).not.toMatch(decide);
  });

  it("a report with no comparison has no tests, so no note", () => {
    const alone = { ...report(test(0.04, true)), comparisons: [] };
    expect(renderFunnelText(alone)).not.toMatch(daily);
    expect(renderFunnelHtml(alone)).not.toMatch(daily);
  });
});
