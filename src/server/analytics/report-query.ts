import type { z } from "zod";
import type { funnelReportQuery } from "#schemas/api/admin-funnels.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import type { FunnelQuery, Segment, UtmField } from "./funnel-queries.ts";

/** The longest window the app reports on in one request: a year and a month, so a year against the last can be read. */
export const MAX_WINDOW_DAYS = 400;
const DAY_MS = 86_400_000;

type Params = z.output<typeof funnelReportQuery>;

/** `by` as the API spells it → what the report splits by. */
export function groupByOf(by: string | undefined): FunnelQuery["groupBy"] {
  if (!by) return null;
  if (by.startsWith("variant:")) return { experiment: by.slice("variant:".length) };
  if (by === "click_id") return { clickId: true };
  return { utm: by as UtmField };
}

/** `segment` as the API spells it (`utm_source:meta`) → the runs the report counts. */
export function segmentOf(segment: string | undefined): Segment | null {
  if (!segment) return null;
  const at = segment.indexOf(":");
  return { utm: segment.slice(0, at) as UtmField, value: segment.slice(at + 1) };
}

/** What the report splits by → `by` as the API spells it. */
function byOf(groupBy: FunnelQuery["groupBy"]): string | undefined {
  if (!groupBy) return undefined;
  return "experiment" in groupBy ? `variant:${groupBy.experiment}` : "utm" in groupBy ? groupBy.utm : "click_id";
}

/** A query's split and segment as the API spells them (`by`, `then_by`, `segment`), those it has. */
export function splitParams(q: Pick<FunnelQuery, "groupBy" | "thenBy" | "segment">): Record<string, string> {
  const by = byOf(q.groupBy);
  const thenBy = byOf(q.thenBy ?? null);
  return { ...(by ? { by } : {}), ...(thenBy ? { then_by: thenBy } : {}), ...(q.segment ? { segment: `${q.segment.utm}:${q.segment.value}` } : {}) };
}

/** Why a query cannot be answered for this flow (an experiment it does not have), or null. */
export function experimentProblem(flow: CompiledFlow, groupBy: FunnelQuery["groupBy"]): string | null {
  if (!groupBy || !("experiment" in groupBy)) return null;
  if (flow.experiments.some((e) => e.id === groupBy.experiment)) return null;
  const known = flow.experiments.map((e) => e.id);
  return `${flow.code} has no experiment "${groupBy.experiment}"; its experiments: ${known.join(", ") || "none"}`;
}

/**
 * The API's query for one flow: the window (default the 30 days to now) and the split, or the
 * reason it is refused (a window that ends before it starts or is longer than MAX_WINDOW_DAYS, an
 * experiment the flow does not have, a second split without a first or the same as it).
 */
export function reportQueryOf(
  flow: CompiledFlow,
  params: Params,
  now: Date,
): { ok: true; query: FunnelQuery } | { ok: false; code: "invalid_window" | "unknown_experiment" | "invalid_grouping"; problem: string } {
  const until = params.until ? new Date(params.until) : now;
  const since = params.since ? new Date(params.since) : new Date(until.getTime() - 30 * DAY_MS);
  if (since >= until) return { ok: false, code: "invalid_window", problem: "since must be before until" };
  if (until.getTime() - since.getTime() > MAX_WINDOW_DAYS * DAY_MS) {
    return { ok: false, code: "invalid_window", problem: `The window is longer than ${MAX_WINDOW_DAYS} days: choose a shorter one` };
  }
  if (params.then_by && !params.by) return { ok: false, code: "invalid_grouping", problem: "then_by splits the groups of by: give by too" };
  if (params.then_by && params.then_by === params.by) return { ok: false, code: "invalid_grouping", problem: "then_by must be another dimension than by" };
  const groupBy = groupByOf(params.by);
  const thenBy = groupByOf(params.then_by);
  const problem = experimentProblem(flow, groupBy) ?? experimentProblem(flow, thenBy);
  if (problem) return { ok: false, code: "unknown_experiment", problem };
  return { ok: true, query: { flow: flow.code, since, until, groupBy, thenBy, segment: segmentOf(params.segment) } };
}
