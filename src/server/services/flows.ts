import type { CompiledFlow } from "#engine/flow/types.ts";

/** The compiled flows loaded at start, looked up by quiz code, by report (prompt) code and by content hash. */
export function createFlows(list: readonly CompiledFlow[]) {
  const byCode = new Map(list.map((f) => [f.code, f]));
  const byHash = new Map(list.map((f) => [f.hash, f]));
  const byReport = new Map<string, CompiledFlow>();
  for (const flow of list) if (!byReport.has(flow.report)) byReport.set(flow.report, flow);
  return {
    all: (): readonly CompiledFlow[] => list,
    byCode: (code: string): CompiledFlow | null => byCode.get(code) ?? null,
    byReport: (report: string): CompiledFlow | null => byReport.get(report) ?? null,
    /** The flow whose content has this hash (the version a browser runs), if it is loaded. */
    byHash: (hash: string): CompiledFlow | null => byHash.get(hash) ?? null,
  };
}

export type Flows = ReturnType<typeof createFlows>;
