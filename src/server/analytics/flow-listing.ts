import { sql } from "drizzle-orm";
import type { FlowListing } from "#schemas/api/admin-funnels.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import type { Db } from "../db/client.ts";
import { catalogWords } from "./funnel-service.ts";
import { flowVersionHistory } from "../flows/flow-versions.ts";

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const iso = (column: ReturnType<typeof sql>) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** How recent the runs per variant are that the flows page shows next to each weight. */
export const VARIANT_RUNS_DAYS = 30;

/**
 * Every loaded flow as the flows page lists it: the version now live and when its first run
 * started, the runs of every version and hash the database has seen, each experiment's weights
 * with the runs each variant got in the last 30 days, and the steps with their titles in words.
 */
export async function listFlows(db: Db, flows: readonly CompiledFlow[], now: Date): Promise<FlowListing[]> {
  const words = await catalogWords(db);
  const versions = rowsOf<{ flow: string; version: number; hash: string; runs: number; firstRun: string; lastRun: string }>(
    await db.execute(sql`
      select flow_code as flow, flow_version as version, flow_hash as hash, count(*)::int as runs,
        ${iso(sql`min(created_at)`)} as "firstRun", ${iso(sql`max(created_at)`)} as "lastRun"
      from quiz_sessions
      group by flow_code, flow_version, flow_hash
      order by min(created_at) desc`),
  );
  const history = await flowVersionHistory(db);
  const since = new Date(now.getTime() - VARIANT_RUNS_DAYS * 86_400_000);
  const assigned = rowsOf<{ flow: string; experiment: string; variant: string; runs: number }>(
    await db.execute(sql`
      select s.flow_code as flow, v.key as experiment, v.value as variant, count(*)::int as runs
      from quiz_sessions s, jsonb_each_text(s.variants) v
      where s.created_at >= ${since.toISOString()}::timestamptz
      group by 1, 2, 3`),
  );
  return flows.map((flow) => {
    const mine = versions.filter((v) => v.flow === flow.code).map(({ flow: _flow, ...v }) => v);
    const runsOf = (experiment: string, variant: string) =>
      assigned.find((a) => a.flow === flow.code && a.experiment === experiment && a.variant === variant)?.runs ?? 0;
    return {
      code: flow.code,
      title: words(flow.title),
      topic: flow.topic,
      start: flow.paths.start,
      version: flow.version,
      hash: flow.hash,
      liveSince: mine
        .filter((v) => v.hash === flow.hash)
        .reduce<string | null>((first, v) => (first === null || v.firstRun < first ? v.firstRun : first), null),
      versions: mine,
      wentLive: (history.get(flow.code) ?? []).map((v) => ({ hash: v.hash, how: v.how, at: v.wentLiveAt.toISOString() })),
      experiments: flow.experiments.map((e) => ({
        id: e.id,
        variants: e.variants.map((v) => ({ id: v.id, weight: v.weight, runs: runsOf(e.id, v.id), changes: changedSteps(flow, v) })),
      })),
      steps: flow.steps.map((s) => ({ id: s.id, kind: s.kind, title: words(s.title) })),
      report: flow.report,
    };
  });
}

/** The steps a variant changes (its copy, options, layout or path), in the flow's order. */
function changedSteps(flow: CompiledFlow, variant: CompiledFlow["experiments"][number]["variants"][number]): string[] {
  const touched = new Set([...Object.keys(variant.paths ?? {}), ...Object.keys(variant.layouts ?? {}), ...Object.keys(variant.steps ?? {})]);
  return flow.steps.filter((s) => touched.has(s.id)).map((s) => s.id);
}
