import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExperimentPlan, FunnelReportView } from "#schemas/api/admin-funnels.ts";
import { staffAndCustomer } from "../helpers/console-users.ts";
import { TEST_START } from "../helpers/fake-clock.ts";
import { visitFunnel, type FunnelVisitor } from "../helpers/funnel-visitor.ts";
import { paymentsTestApp } from "../helpers/payments.ts";
import { FLOW, type Browser } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

/**
 * The console's verdict on an experiment (ADR 064) from visitors driven through the API: the fixture
 * quiz with its experiment declaring 100% as the smallest lift worth finding, so a few dozen visitors
 * can decide it. Variant a: 20 visitors, 2 pay; variant b: 20 visitors, 12 pay, 3 of them refunded
 * and 1 renewed.
 */
let t: TestApp;
let staff: Browser;
let dir: string;
let n = 0;
const OPERATOR = "an-operator-token-of-at-least-thirty-two-characters";
const DAY = 86_400_000;

const times = (k: number, v: FunnelVisitor) => Array.from({ length: k }, () => v);
/** The first day's visitors: 4 of each variant, one payer each. */
const FIRST_DAY: FunnelVisitor[] = [
  ...times(3, { variant: "a", until: "intro" }),
  { variant: "a", until: "paid" },
  ...times(3, { variant: "b", until: "intro" }),
  { variant: "b", until: "paid" },
];
/** The second day's: the rest. */
const SECOND_DAY: FunnelVisitor[] = [
  ...times(15, { variant: "a", until: "intro" }),
  { variant: "a", until: "paid" },
  ...times(5, { variant: "b", until: "intro" }),
  ...times(7, { variant: "b", until: "paid" }),
  ...times(3, { variant: "b", until: "refunded" }),
  { variant: "b", until: "renewed" },
];

const dayOne = { since: new Date(TEST_START.getTime() - 60_000).toISOString(), until: new Date(TEST_START.getTime() + DAY - 60_000).toISOString() };
const bothDays = { since: dayOne.since, until: new Date(TEST_START.getTime() + 2 * DAY - 60_000).toISOString() };

async function report(window: { since: string; until: string }): Promise<FunnelReportView> {
  const res = await staff.get(`/api/admin/funnels/${FLOW}/report?${new URLSearchParams({ ...window, by: "variant:result-page" })}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: FunnelReportView }>().data;
}

beforeAll(async () => {
  // The fixture quiz, its experiment started on the test's first day with a smallest lift of 100%.
  dir = await mkdtemp(join(tmpdir(), "verdict-flows-"));
  const yaml = await readFile(join(process.cwd(), "tests/fixtures/flows/server-quiz.yaml"), "utf8");
  const stated = yaml.replace("  - id: result-page\n", "  - id: result-page\n    started: 2026-06-10\n    smallest_lift: 1\n");
  expect(stated).not.toBe(yaml);
  await writeFile(join(dir, "server-quiz.yaml"), stated);
  t = await paymentsTestApp({ operatorToken: OPERATOR, flows: { dir, only: /^server-.*\.yaml$/ } });
  ({ staff } = await staffAndCustomer(t, OPERATOR));
  for (const v of FIRST_DAY) await visitFunnel(t, v, `verdict${++n}@example.com`);
  t.clock.advance(DAY / 1000);
  for (const v of SECOND_DAY) await visitFunnel(t, v, `verdict${++n}@example.com`);
}, 300_000);
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
  await rm(dir, { recursive: true, force: true });
});

describe("an experiment's verdict", () => {
  it("after the first day: keep running, with the visitors each variant still needs and the days they take at that day's traffic", async () => {
    const r = await report(dayOne);
    expect(r.groups.map((g) => [g.group, g.visitors, g.paid])).toEqual([
      ["a", 4, 1],
      ["b", 4, 1],
    ]);
    const e = r.experiment!;
    expect(e).toMatchObject({
      id: "result-page",
      status: "running",
      started: "2026-06-10",
      decideOn: "paid",
      smallestLift: 1,
      verdict: "keep_running",
      winner: null,
    });
    expect(e.rollout).toBeNull();
    // The planner's size for a 25% baseline and a 100% lift; 4 visitors a day per variant.
    const perVariant = e.visitorsPerVariant!;
    expect(perVariant).toBeGreaterThan(4);
    expect(e.visitorsStillNeeded).toBe(2 * (perVariant - 4));
    expect(e.daysStillNeeded).toBe(Math.ceil((perVariant - 4) / 4));
  });

  it("after both days: b wins on paid conversion, and the console shows the YAML change that rolls it out", async () => {
    const r = await report(bothDays);
    const [a, b] = r.groups;
    expect([a!.visitors, a!.paid, b!.visitors, b!.paid]).toEqual([20, 2, 20, 12]);
    const c = r.comparisons[0]!;
    expect(c.sequential.paid.difference).toBeCloseTo(12 / 20 - 2 / 20, 10);
    expect(c.sequential.paid.lift).toBeCloseTo(12 / 2 - 1, 10);
    expect(c.sequential.paid.p).toBeLessThan(0.05);
    expect(c.sequential.paid.low).toBeGreaterThan(0);
    const e = r.experiment!;
    expect(e).toMatchObject({ verdict: "wins", winner: "b", visitorsStillNeeded: null, daysStillNeeded: null });
    expect(e.rollout).toEqual({
      variant: "b",
      diff: [
        { sign: " ", line: "  - id: result-page" },
        { sign: "+", line: "    status: rolled_out" },
        { sign: "+", line: "    rolled_out: b" },
        { sign: " ", line: "    started: 2026-06-10" },
        { sign: "+", line: `    stopped: ${bothDays.until.slice(0, 10)}` },
      ],
    });
  });

  it("tests revenue per visitor net of refunds, renewals included, and states each guardrail's rates", async () => {
    const r = await report(bothDays);
    const c = r.comparisons[0]!;
    const charge = r.groups[0]!.revenue / 2;
    // a: 2 first charges; b: 12 first charges, 3 refunded, 1 renewal of 29.99.
    const netA = (2 * charge) / 20 / 100;
    const netB = (12 * charge - 3 * charge + 2999) / 20 / 100;
    expect(c.sequential.netRevenuePerVisitor.difference).toBeCloseTo(netB - netA, 8);
    const rates = Object.fromEntries(c.guardrails.map((g) => [g.metric, [g.control, g.group]]));
    expect(rates).toEqual({ refund_rate: [0, 3 / 12], declined: [0, 0], refused: [0, 0] });
    // 2 payers in a: too few for the refund guardrail to conclude, so nothing is flagged.
    expect(c.guardrails.every((g) => !g.worse)).toBe(true);
    expect(r.experiment!.flagged).toEqual([]);
  });
});

describe("the sample-size planner", () => {
  const plan = (query: Record<string, string>) => staff.get(`/api/admin/funnels/${FLOW}/plan?${new URLSearchParams(query)}`);

  it("gives the visitors per variant and the days at the flow's traffic over the window", async () => {
    const res = await plan({ baseline: "0.05", lift: "0.1", ...bothDays });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<{ data: ExperimentPlan }>().data;
    expect(p.fixedVisitorsPerVariant).toBe(31_231);
    expect(p.visitorsPerVariant).toBeGreaterThan(p.fixedVisitorsPerVariant);
    // 40 visitors over a window of two days.
    expect(p.dailyVisitors).toBeCloseTo(20, 8);
    expect(p.days).toBe(Math.ceil((2 * p.visitorsPerVariant) / 20));
  });

  it("refuses a rate out of range, a missing lift, and an unknown flow, and is for staff only", async () => {
    const bad: Record<string, string>[] = [
      { baseline: "0", lift: "0.1" },
      { baseline: "1.5", lift: "0.1" },
      { baseline: "0.6", lift: "1" },
      { baseline: "0.05" },
      { baseline: "x", lift: "0.1" },
    ];
    for (const query of bad) {
      const res = await plan(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    expect((await staff.get(`/api/admin/funnels/no_such_flow/plan?baseline=0.05&lift=0.1`)).statusCode).toBe(404);
    expect((await client(t.app).get(`/api/admin/funnels/${FLOW}/plan?baseline=0.05&lift=0.1`)).statusCode).toBe(401);
  });
});
