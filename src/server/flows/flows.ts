import { flowRoutes } from "#engine/flow/routes.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { liveRoutes, type LiveRoutes } from "./live-routes.ts";

/**
 * The compiled flows the server runs, looked up by quiz code, by report (prompt) code and by content
 * hash. `byCode`, `byReport` and `all` answer the live version (the newest deployed or published,
 * ADR 066); `byHash` also knows every earlier version, so a visitor mid-quiz keeps the one they started.
 */
export function createFlows(list: readonly CompiledFlow[]) {
  let live: readonly CompiledFlow[] = list;
  let byCode = new Map<string, CompiledFlow>();
  let byReport = new Map<string, CompiledFlow>();
  const byHash = new Map<string, CompiledFlow>();
  // The live flows' URLs, worked out again only after the live set changed.
  let routes: LiveRoutes | null = null;
  let version = 0;
  const index = () => {
    routes = null;
    byCode = new Map(live.map((f) => [f.code, f]));
    byReport = new Map<string, CompiledFlow>();
    for (const flow of live) if (!byReport.has(flow.report)) byReport.set(flow.report, flow);
    for (const flow of live) byHash.set(flow.hash, flow);
  };
  index();
  /** Every URL the flows the app started with claim → its flow's code: what the build's router knows (built from the same files). */
  const routedAtStart: ReadonlyMap<string, string> = new Map(flowRoutes(list).map((r) => [r.path, r.flow]));
  return {
    /** The live flows' URLs (src/server/flows/live-routes.ts), for the page fallback and the browser's router. */
    routes: (): LiveRoutes => (routes ??= liveRoutes(routedAtStart, live, ++version)),
    all: (): readonly CompiledFlow[] => live,
    byCode: (code: string): CompiledFlow | null => byCode.get(code) ?? null,
    byReport: (report: string): CompiledFlow | null => byReport.get(report) ?? null,
    /** The flow whose content has this hash (the version a browser runs), live or earlier, if it is loaded. */
    byHash: (hash: string): CompiledFlow | null => byHash.get(hash) ?? null,
    /** The version a session runs: the one it is pinned to by hash, else its flow's live version. */
    ofSession: (session: { flowCode: string; flowHash: string }): CompiledFlow | null => {
      const pinned = byHash.get(session.flowHash);
      return pinned?.code === session.flowCode ? pinned : (byCode.get(session.flowCode) ?? null);
    },
    /** Makes these versions live for new visitors, each in place of its code's version; the replaced ones stay reachable by hash. */
    goLive: (flows: readonly CompiledFlow[]) => {
      const next = new Map(flows.map((f) => [f.code, f]));
      live = [...live.map((f) => next.get(f.code) ?? f), ...flows.filter((f) => !byCode.has(f.code))];
      index();
    },
    /** Keeps an earlier version reachable by hash (a session pinned to it), without making it live. */
    keep: (flow: CompiledFlow) => {
      if (!byHash.has(flow.hash)) byHash.set(flow.hash, flow);
    },
  };
}

export type Flows = ReturnType<typeof createFlows>;
