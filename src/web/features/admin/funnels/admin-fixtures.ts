import type { FlowListing, FunnelReportView } from "#schemas/api/admin-funnels.ts";
import { winningExperiment } from "#tests/helpers/verdict-fixture.ts";

/** Figures for the console's unit tests, shaped by the API's contract (schemas/api/admin-funnels.ts). */

export const flowFixture: FlowListing = {
  code: "career_test_green",
  title: "Career test",
  topic: "career",
  start: "/quiz/career_test_green",
  version: 3,
  hash: "a1b2c3d4e5f60718293a",
  liveSince: "2026-11-01T09:30:00.000Z",
  versions: [
    { version: 3, hash: "a1b2c3d4e5f60718293a", runs: 120, firstRun: "2026-11-01T09:30:00.000Z", lastRun: "2026-11-26T12:00:00.000Z" },
    { version: 2, hash: "ffeeddccbbaa99887766", runs: 80, firstRun: "2026-10-01T09:30:00.000Z", lastRun: "2026-10-31T23:00:00.000Z" },
  ],
  wentLive: [
    { hash: "a1b2c3d4e5f60718293a", how: "publish", at: "2026-11-01T09:12:00.000Z" },
    { hash: "ffeeddccbbaa99887766", how: "deploy", at: "2026-09-30T18:00:00.000Z" },
  ],
  experiments: [
    {
      id: "intro_copy",
      variants: [
        { id: "a", weight: 1, runs: 60, changes: [] },
        { id: "b", weight: 3, runs: 180, changes: ["q1"] },
      ],
    },
  ],
  steps: [
    { id: "intro", kind: "info", title: "Find work that fits" },
    { id: "q1", kind: "question", title: "Do you enjoy fixing things?" },
  ],
  report: "career_report",
};

const test = (p: number | null, valid: boolean) => ({
  test: "two-proportion z-test",
  difference: 0.05,
  statistic: 1.2,
  p,
  valid,
  condition: "at least 5 successes and failures per group",
});

/** An always-valid test of b against a: a lift of `lift` with its interval. */
const sequential = (lift: number, low: number, high: number, p: number) => ({
  test: "mSPRT (always valid)",
  difference: lift * 0.05,
  p,
  low: low * 0.05,
  high: high * 0.05,
  lift,
  liftLow: low,
  liftHigh: high,
  valid: true,
  condition: "at least 5 expected conversions and 5 expected non-conversions in each group",
});

const guardrail = (metric: "refund_rate" | "declined" | "refused", control: number, group: number, worse: boolean) => ({
  metric,
  control,
  group,
  test: sequential(group / control - 1, worse ? 0.2 : -0.5, worse ? 2.4 : 0.9, worse ? 0.01 : 0.6),
  worse,
});

export const reportFixture: FunnelReportView = {
  flow: { code: "career_test_green", title: "Career test" },
  since: "2026-10-28T00:00:00.000Z",
  until: "2026-11-27T00:00:00.000Z",
  groupedBy: null,
  segment: null,
  currency: "USD",
  visitors: 1234,
  steps: [
    {
      id: "intro",
      kind: "info",
      title: "Find work that fits",
      saw: 1234,
      answered: 1100,
      droppedOff: 134,
      declined: 0,
      refused: 0,
      refusals: [],
      medianSeconds: 8.4,
    },
    {
      id: "checkout",
      kind: "checkout",
      title: "Choose your plan",
      saw: 300,
      answered: 41,
      droppedOff: 250,
      declined: 6,
      refused: 3,
      refusals: [
        { reason: "quiz_incomplete", runs: 2 },
        { reason: "rate_limited", runs: 1 },
      ],
      medianSeconds: 95,
    },
  ],
  groups: [
    {
      group: "everyone",
      visitors: 1234,
      email: 617,
      checkout: 300,
      paid: 41,
      declined: 6,
      refused: 3,
      refusals: [
        { reason: "quiz_incomplete", runs: 2 },
        { reason: "rate_limited", runs: 1 },
      ],
      revenue: 122_959,
      revenuePerVisitor: 99.64,
      refunds: 2,
      refundAmount: 5998,
      renewals: 7,
      renewalAmount: 20_993,
      matureVisitors: 400,
      revenuePerVisitor30d: 150.5,
      spend: null,
    },
  ],
  comparisons: [],
  experiment: null,
  trend: [
    { day: "2026-11-25", visitors: 40, email: 20, paid: 2, revenue: 5998 },
    { day: "2026-11-26", visitors: 52, email: 30, paid: 3, revenue: 8997 },
  ],
  deliveries: [
    {
      destination: "meta",
      title: "Meta Conversions API",
      events: [
        { event: "lead", counted: 617, takes: true, sent: 400, queued: 2, failed: 1, cancelled: 0, preview: 0, neverQueued: 214 },
        { event: "paid", counted: 41, takes: true, sent: 30, queued: 0, failed: 3, cancelled: 1, preview: 0, neverQueued: 7 },
        { event: "renewal", counted: 7, takes: true, sent: 7, queued: 0, failed: 0, cancelled: 0, preview: 0, neverQueued: 0 },
        { event: "refund", counted: 2, takes: false, sent: 0, queued: 0, failed: 0, cancelled: 0, preview: 0, neverQueued: 2 },
      ],
    },
    {
      destination: "webhook:crm",
      title: "webhook:crm",
      events: [
        { event: "lead", counted: 617, takes: true, sent: 5, queued: 0, failed: 0, cancelled: 0, preview: 0, neverQueued: 612 },
        { event: "paid", counted: 41, takes: true, sent: 0, queued: 0, failed: 0, cancelled: 0, preview: 0, neverQueued: 41 },
        { event: "renewal", counted: 7, takes: true, sent: 0, queued: 0, failed: 0, cancelled: 0, preview: 0, neverQueued: 7 },
        { event: "refund", counted: 2, takes: true, sent: 0, queued: 0, failed: 0, cancelled: 0, preview: 0, neverQueued: 2 },
      ],
    },
  ],
  notes: [],
};

/** The same window split by the experiment: the control, and a group too small for its revenue test. */
export const groupedReportFixture: FunnelReportView = {
  ...reportFixture,
  groupedBy: "variant:intro_copy",
  groups: [
    { ...reportFixture.groups[0]!, group: "a", visitors: 600, email: 300, paid: 20, revenue: 59_980 },
    { ...reportFixture.groups[0]!, group: "b", visitors: 634, email: 317, paid: 21, revenue: 62_979 },
  ],
  comparisons: [
    {
      group: "b",
      against: "a",
      email: test(0.5123, true),
      paid: test(0.0004, true),
      revenuePerVisitor: test(null, false),
      sequential: { paid: sequential(0.3, 0.12, 0.48, 0.003), netRevenuePerVisitor: sequential(0.05, -0.2, 0.3, 0.7) },
      guardrails: [guardrail("refund_rate", 0.05, 0.12, true), guardrail("declined", 0.1, 0.09, false), guardrail("refused", 0.01, 0.01, false)],
    },
  ],
  experiment: winningExperiment("intro_copy"),
};

/** The same window split by UTM source, with the ad spend imported for it: one source with spend, one without. */
export const sourceReportFixture: FunnelReportView = {
  ...reportFixture,
  groupedBy: "utm_source",
  groups: [
    {
      ...reportFixture.groups[0]!,
      group: "facebook",
      email: 300,
      paid: 20,
      spend: {
        otherFunnelRuns: 0,
        currencies: [
          { currency: "EUR", spend: 12_000, days: 1, revenue: 0, costPerLead: 40, costPerSale: 600, roas: 0 },
          { currency: "USD", spend: 50_000, days: 2, revenue: 59_980, costPerLead: 50_000 / 300, costPerSale: 2500, roas: 59_980 / 50_000 },
        ],
      },
    },
    { ...reportFixture.groups[0]!, group: "google", email: 0, paid: 0, spend: { otherFunnelRuns: 0, currencies: [] } },
  ],
  comparisons: [],
};
