import { z } from "zod";
import { funnelReportQuery } from "#schemas/api/admin-funnels.ts";
import type { FunnelQuery } from "./funnel-queries.ts";
import { groupByOf, segmentOf } from "./report-query.ts";

export const USAGE = `usage: npm run funnel:report -- --flow <code> [--since 7d|24h|2026-11-01] [--until 2026-11-30]
                               [--variant-of <experiment> | --by utm_source|utm_campaign|click_id]
                               [--then-by utm_source|utm_campaign|click_id|variant:<experiment>]
                               [--segment utm_source:<value>|utm_campaign:<value>]
                               [--html out.html] [--json]
  --since   a duration back from --until (30m, 24h, 7d) or a date / ISO time (default 30d)
  --until   a date / ISO time (default now)
  --by      utm_source or utm_campaign (with ad spend), or click_id (arrived with an fbclid, a ttclid, both or neither)
  --then-by a second split inside each group (variant × source): each group is compared within its second value
  --segment count only the runs that arrived with this UTM value, e.g. utm_source:meta
  --html    also write the report as one self-contained page
  --json    print the report as JSON instead of tables`;

const DURATION = /^(\d{1,5})(m|h|d)$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

const instant = z
  .string()
  .refine(
    (s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)),
    "expected a date such as 2026-11-01 or an ISO time",
  )
  .transform((s) => new Date(s));

const args = z.strictObject({
  flow: z.string().regex(/^[a-z][a-z0-9_]{2,62}$/, "expected a flow code such as career_test_green"),
  since: z.union([z.string().regex(DURATION), instant]).default("30d"),
  until: instant.optional(),
  "variant-of": z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,62}$/, "expected an experiment id")
    .optional(),
  by: z.enum(["utm_source", "utm_campaign", "click_id"]).optional(),
  "then-by": funnelReportQuery.shape.then_by,
  segment: funnelReportQuery.shape.segment,
  html: z.string().min(1).optional(),
  json: z.literal(true).optional(),
});

export type ReportArgs = { query: FunnelQuery; html: string | null; json: boolean };

/** `--name value` and `--flag` pairs from argv; a repeated or unknown option is a problem, not a guess. */
export function parseReportArgs(argv: readonly string[], now: Date): { ok: true; value: ReportArgs } | { ok: false; problems: string[] } {
  const raw: Record<string, string | true> = {};
  const problems: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith("--")) {
      problems.push(`unexpected argument "${a}"`);
      continue;
    }
    const name = a.slice(2);
    if (name in raw) problems.push(`--${name} given twice`);
    const next = argv[i + 1];
    if (name === "json") raw[name] = true;
    else if (next === undefined || next.startsWith("--")) problems.push(`--${name} needs a value`);
    else raw[name] = argv[++i]!;
  }
  const parsed = args.safeParse(raw);
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => (i.path.length ? `--${i.path.join(".")}: ${i.message}` : i.message)));
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  const a = parsed.data;
  if (a["variant-of"] && a.by) return { ok: false, problems: ["give --variant-of or --by, not both"] };
  if (a["then-by"] && !a["variant-of"] && !a.by) return { ok: false, problems: ["--then-by splits the groups of --variant-of or --by: give one of them too"] };
  const until = a.until ?? now;
  const since =
    typeof a.since === "string" ? new Date(until.getTime() - Number(DURATION.exec(a.since)![1]) * UNIT_MS[DURATION.exec(a.since)![2] as "m"]) : a.since;
  if (since >= until) return { ok: false, problems: ["--since must be before --until"] };
  const groupBy: FunnelQuery["groupBy"] = a["variant-of"]
    ? { experiment: a["variant-of"] }
    : a.by === "click_id"
      ? { clickId: true }
      : a.by
        ? { utm: a.by }
        : null;
  const thenBy = groupByOf(a["then-by"]);
  if (thenBy && JSON.stringify(thenBy) === JSON.stringify(groupBy))
    return { ok: false, problems: ["--then-by must be another dimension than the first split"] };
  return {
    ok: true,
    value: {
      query: { flow: a.flow, since, until, groupBy, ...(thenBy ? { thenBy } : {}), ...(a.segment ? { segment: segmentOf(a.segment) } : {}) },
      html: a.html ?? null,
      json: a.json ?? false,
    },
  };
}
