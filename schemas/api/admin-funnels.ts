import { z } from "zod";
import { EXPERIMENT_STATUSES } from "../flow/experiments.ts";
import { statusCounts } from "./admin-integrations.ts";
import { refusalCounts } from "./checkout-refusals.ts";

/**
 * The growth console's funnel figures (ADR 037, docs/analytics.md): one service
 * (src/server/analytics/funnel-report.ts) answers /api/admin/funnels/:code/report, the page at
 * /admin/funnels/:code and `npm run funnel:report`.
 */

/** A significance test of one group against the control group. */
const testResult = z.object({
  test: z.string().describe("The test's name as the report prints it"),
  difference: z.number().describe("Group minus control: a difference in rates, or in revenue per visitor"),
  statistic: z.number().nullable(),
  p: z.number().nullable().describe("Two-sided; null when the test cannot be computed (no variation, an empty group)"),
  valid: z.boolean().describe("Whether the samples meet the test's condition; a result that does not is not a conclusion"),
  condition: z.string(),
});

export const stepRow = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string().describe("The step's title as visitors read it (its id when it has none)"),
  saw: z.number().int(),
  answered: z.number().int(),
  droppedOff: z.number().int().describe("Runs that ended here for no reason we know of: not a declined payment nor a refused checkout"),
  declined: z.number().int().describe("Runs that ended here after a payment the provider declined"),
  refused: z.number().int().describe("Runs that ended here after the app's checkout refused them (any reason: see refusals)"),
  refusals: refusalCounts,
  medianSeconds: z.number().int().nullable().describe("The median time from first seeing the step to first answering it, in whole seconds"),
});

/** What one currency's ad spend bought a group over the window (ADR 059); money in minor units of that currency. */
const spendFigure = z.object({
  currency: z.string(),
  spend: z.number().int(),
  days: z.number().int().describe("Days of the window with spend imported in this currency"),
  revenue: z.number().int().describe("The group's first charges in this currency (the revenue column's rule)"),
  costPerLead: z.number().nullable().describe("spend ÷ runs that gave their e-mail; null when none did"),
  costPerSale: z.number().nullable().describe("spend ÷ runs whose first order was paid; null when none was"),
  roas: z.number().nullable().describe("Return on ad spend: revenue ÷ spend; null when the spend is 0"),
});

/** A UTM group's ad spend, per currency (two currencies are never added together). */
export const groupSpend = z.object({
  currencies: z.array(spendFigure).describe("Empty when no spend was imported for this value in the window"),
  otherFunnelRuns: z.number().int().describe("Runs of other funnels that started in the window with this value: the spend brought them too"),
});

/** One group (a variant, a UTM source or campaign, a click id, or everyone); money in minor units of the report's currency. */
export const groupRow = z.object({
  group: z.string(),
  visitors: z.number().int(),
  email: z.number().int(),
  checkout: z.number().int().describe("Runs that started a checkout (an order was made)"),
  paid: z.number().int(),
  declined: z.number().int().describe("Runs with a declined payment that never paid"),
  refused: z.number().int().describe("Runs whose checkout the app refused (any reason: see refusals) and that never paid"),
  refusals: refusalCounts,
  revenue: z.number(),
  revenuePerVisitor: z.number(),
  refunds: z.number().int(),
  refundAmount: z.number(),
  renewals: z.number().int(),
  renewalAmount: z.number(),
  matureVisitors: z.number().int(),
  revenuePerVisitor30d: z.number().nullable(),
  spend: groupSpend.nullable().describe("Ad spend and what it bought; null unless grouped by utm_source or utm_campaign, which spend is imported per"),
});

/** An always-valid test of one group against the control (ADR 064): valid however often it is looked at. */
const sequentialResult = z.object({
  test: z.string(),
  difference: z.number().nullable().describe("Group minus control"),
  p: z.number().nullable().describe("Always-valid p-value; null when it cannot be computed"),
  low: z.number().nullable().describe("The always-valid 95% interval of the difference"),
  high: z.number().nullable(),
  lift: z.number().nullable().describe("Group ÷ control − 1; null when the control's figure is 0"),
  liftLow: z.number().nullable().describe("The lift's interval: the difference's interval over the control's figure"),
  liftHigh: z.number().nullable(),
  valid: z.boolean().describe("Whether the samples meet the normal approximation's condition"),
  condition: z.string(),
});
export type SequentialView = z.infer<typeof sequentialResult>;

/** The guardrails: what can make a variant that wins on conversion lose money later. */
export const GUARDRAILS = ["refund_rate", "declined", "refused"] as const;

const guardrail = z.object({
  metric: z
    .enum(GUARDRAILS)
    .describe("refund_rate: paying runs refunded; declined: runs at checkout whose payment was declined; refused: runs whose checkout was refused"),
  control: z.number().describe("The control's rate"),
  group: z.number().describe("The group's rate"),
  test: sequentialResult,
  worse: z.boolean().describe("The group's rate is significantly higher than the control's (always-valid, 5%)"),
});

export const comparison = z.object({
  group: z.string(),
  against: z.string(),
  email: testResult,
  paid: testResult,
  revenuePerVisitor: testResult,
  sequential: z
    .object({ paid: sequentialResult, netRevenuePerVisitor: sequentialResult.describe("Net of refunds, renewals included, in major units") })
    .describe("The always-valid tests the verdict rests on"),
  guardrails: z.array(guardrail),
});

/** What an experiment's figures say to do (ADR 064). */
const experimentVerdict = z.object({
  id: z.string(),
  status: z.enum(EXPERIMENT_STATUSES),
  started: z.string().nullable(),
  stopped: z.string().nullable(),
  rolledOut: z.string().nullable(),
  decideOn: z.enum(["paid", "net_revenue_per_visitor"]).describe("The metric the verdict is on"),
  smallestLift: z.number().describe("The smallest relative lift worth finding (0.1 = 10%)"),
  verdict: z.enum(["keep_running", "wins", "no_difference"]),
  winner: z.string().nullable().describe("The variant that wins (the control when every variant loses to it)"),
  visitorsPerVariant: z.number().int().nullable().describe("Visitors each variant needs for the always-valid test (the planner)"),
  visitorsStillNeeded: z.number().int().nullable().describe("Visitors still to come before the slowest variant has its share; null when not running"),
  daysStillNeeded: z.number().int().nullable().describe("At the window's daily traffic; null without traffic"),
  flagged: z.array(z.object({ group: z.string(), metric: z.enum(GUARDRAILS) })).describe("Guardrails a variant is significantly worse on"),
  rollout: z
    .object({ variant: z.string(), diff: z.array(z.object({ sign: z.enum(["+", "-", " "]), line: z.string() })) })
    .nullable()
    .describe("The change to the flow's YAML that rolls out the winner"),
});
export type ExperimentVerdictView = z.infer<typeof experimentVerdict>;

/** One day (UTC) of the window: runs that started that day and what came of them. */
export const trendDay = z.object({
  day: z.string().describe("YYYY-MM-DD"),
  visitors: z.number().int(),
  email: z.number().int(),
  paid: z.number().int(),
  revenue: z.number(),
});

/** The events of the report's runs a destination is told of, each against the report's own count of it (ADR 062). */
export const DELIVERED_EVENTS = ["lead", "paid", "renewal", "refund"] as const;

/** One kind of event for one destination: what the report counted beside what became of its outbox rows. */
const deliveryFigure = statusCounts.extend({
  event: z.enum(DELIVERED_EVENTS).describe("lead: gave an e-mail; paid: a first payment (purchase or trial); renewal; refund"),
  counted: z.number().int().describe("The report's own figure: the e-mail, paid, renewals and refunds columns summed over the groups"),
  takes: z.boolean().describe("Whether the destination is ever sent this event (Meta and TikTok take no refund)"),
  neverQueued: z
    .number()
    .int()
    .describe("Counted minus every row of the destination for these events: no marketing consent, the destination was off then, or the account was erased"),
});

/** Counted against delivered for one destination, for the runs of the report. */
const destinationDeliveries = z.object({ destination: z.string(), title: z.string(), events: z.array(deliveryFigure) });
export type DestinationDeliveries = z.infer<typeof destinationDeliveries>;

export const funnelReport = z.object({
  flow: z.object({ code: z.string(), title: z.string() }),
  since: z.string(),
  until: z.string(),
  groupedBy: z.string().nullable(),
  segment: z.string().nullable().describe("The segment counted, e.g. `utm_source = meta`; null: every run (ADR 065)"),
  currency: z.string().nullable(),
  visitors: z.number().int(),
  steps: z.array(stepRow),
  groups: z.array(groupRow),
  comparisons: z.array(comparison),
  experiment: experimentVerdict.nullable().describe("When grouped by an experiment's variant: its state and verdict"),
  trend: z.array(trendDay),
  deliveries: z
    .array(destinationDeliveries)
    .describe("Per destination of conversion events (the registry's, then any other with rows for these runs): counted against delivered"),
  notes: z.array(z.string()),
});
export type FunnelReportView = z.infer<typeof funnelReport>;
export const funnelReportResponse = z.object({ data: funnelReport });

/** What the report can split by: an experiment's variant, a UTM field, or the click id. */
const GROUPING = /^(variant:[a-z][a-z0-9_-]{0,62}|utm_source|utm_campaign|click_id)$/;

/** The report's query: a window, what to split by (one dimension or two), and a segment. */
export const funnelReportQuery = z.strictObject({
  since: z.iso.datetime({ offset: true }).optional().describe("Start of the window (default: 30 days before `until`)"),
  until: z.iso.datetime({ offset: true }).optional().describe("End of the window (default: now)"),
  by: z
    .string()
    .regex(GROUPING)
    .optional()
    .describe(
      "Split by an experiment's variant (`variant:<experiment id>`), `utm_source` or `utm_campaign` (with ad spend), or `click_id` (arrived with an fbclid, a ttclid, both or neither)",
    ),
  then_by: z
    .string()
    .regex(GROUPING)
    .optional()
    .describe(
      "A second split inside each group of `by` (e.g. by=variant:offer_order&then_by=utm_source): each group is compared with the first group of the same second value (ADR 065). Needs `by`, and another dimension than it",
    ),
  segment: z
    .string()
    .regex(/^(utm_source|utm_campaign):[^\s]{1,200}$/, "a segment is utm_source:<value> or utm_campaign:<value>")
    .optional()
    .describe("Count only the runs that arrived with this UTM value, e.g. `utm_source:meta` (`utm_source:(none)`: those without one) (ADR 065)"),
  format: z.enum(["json", "csv"]).default("json").describe("`csv` downloads the step and group tables"),
});

export const funnelCodeParams = z.strictObject({ code: z.string().regex(/^[a-z][a-z0-9_]{2,62}$/) });

/** A flow as the flows page lists it. */
const flowListing = z.object({
  code: z.string(),
  title: z.string(),
  topic: z.string(),
  start: z.string().describe("Where the funnel starts (its first step's URL)"),
  version: z.number().int(),
  hash: z.string().describe("The hash of the flow's content now live"),
  liveSince: z.string().nullable().describe("When the first run of this hash started; null before any run"),
  versions: z.array(z.object({ version: z.number().int(), hash: z.string(), runs: z.number().int(), firstRun: z.string(), lastRun: z.string() })),
  wentLive: z
    .array(z.object({ hash: z.string(), how: z.enum(["deploy", "publish"]), at: z.string() }))
    .describe("Every version that went live, newest first: at a start with a changed file (deploy) or by flows:publish (ADR 066)"),
  experiments: z.array(
    z.object({
      id: z.string(),
      variants: z.array(
        z.object({
          id: z.string(),
          weight: z.number(),
          runs: z.number().int().describe("Runs assigned this variant in the last 30 days"),
          changes: z.array(z.string()).describe("The steps this variant changes (copy, options, layout or path), in the flow's order"),
        }),
      ),
    }),
  ),
  steps: z.array(z.object({ id: z.string(), kind: z.string(), title: z.string() })).describe("For the preview links"),
  report: z.string().describe("The report template's code (its preview)"),
});
export type FlowListing = z.infer<typeof flowListing>;
export const flowListingResponse = z.object({ data: z.array(flowListing) });

/** The sample-size planner's question (ADR 064): a baseline rate and the smallest lift worth finding, at the flow's traffic over a window. */
export const experimentPlanQuery = z
  .strictObject({
    baseline: z.coerce.number().gt(0).lt(1).describe("The control's conversion rate (0.05 = 5%)"),
    lift: z.coerce.number().gt(0).max(10).describe("The smallest relative lift worth finding (0.1 = 10%)"),
    variants: z.coerce.number().int().min(2).max(20).default(2).describe("How many variants share the traffic, the control included"),
    since: z.iso.datetime({ offset: true }).optional().describe("Start of the window the traffic is read from (default: 30 days before `until`)"),
    until: z.iso.datetime({ offset: true }).optional().describe("End of that window (default: now)"),
  })
  .refine((q) => q.baseline * (1 + q.lift) < 1, { message: "baseline × (1 + lift) must stay below 1: a rate cannot pass 100%", path: ["lift"] });

const experimentPlan = z.object({
  visitorsPerVariant: z.number().int().describe("For the always-valid test to find the lift with 80% probability at α 5%"),
  fixedVisitorsPerVariant: z.number().int().describe("For the fixed-sample z-test, looked at once only"),
  dailyVisitors: z.number().describe("The flow's runs per day over the window"),
  days: z.number().int().nullable().describe("Days for every variant to have its visitors at that traffic; null without traffic"),
});
export type ExperimentPlan = z.infer<typeof experimentPlan>;
export const experimentPlanResponse = z.object({ data: experimentPlan });
