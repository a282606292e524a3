import type { z } from "zod";
import type { funnelReportQuery } from "#schemas/api/admin-funnels.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import type { FunnelQuery, UtmField } from "./funnel-queries.ts";

/** The longest window the app reports on in one request: a year and a month, so a year against the last can be read. */
export const MAX_WINDOW_DAYS = 400;
const DAY_MS = 86_400_000;

type Params = z.output<typeof funnelReportQuery>;

/** `by` as the API spells it → what the report splits by. */
function groupByOf(by: string | undefined): FunnelQuery["groupBy"] {
  if (!by) return null;
  if (by.startsWith("variant:")) return { experiment: by.slice("variant:".length) };
  if (by === "click_id") return { clickId: true };
  return { utm: by as UtmField };
}

/** What the report splits by → `by` as the API spells it. */
export function byOf(groupBy: FunnelQuery["groupBy"]): string | undefined {
  if (!groupBy) return undefined;
  return "experiment" in groupBy ? `variant:${groupBy.experiment}` : "utm" in groupBy ? groupBy.utm : "click_id";
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
 * experiment the flow does not have).
 */
export function reportQueryOf(
  flow: CompiledFlow,
  params: Params,
  now: Date,
): { ok: true; query: FunnelQuery } | { ok: false; code: "invalid_window" | "unknown_experiment"; problem: string } {
  const until = params.until ? new Date(params.until) : now;
  const since = params.since ? new Date(params.since) : new Date(until.getTime() - 30 * DAY_MS);
  if (since >= until) return { ok: false, code: "invalid_window", problem: "since must be before until" };
  if (until.getTime() - since.getTime() > MAX_WINDOW_DAYS * DAY_MS) {
    return { ok: false, code: "invalid_window", problem: `The window is longer than ${MAX_WINDOW_DAYS} days: choose a shorter one` };
  }
  const groupBy = groupByOf(params.by);
  const problem = experimentProblem(flow, groupBy);
  if (problem) return { ok: false, code: "unknown_experiment", problem };
  return { ok: true, query: { flow: flow.code, since, until, groupBy } };
}
