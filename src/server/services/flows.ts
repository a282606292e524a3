import type { CompiledFlow } from "../../engine/flow/types.ts";

/** The compiled flows loaded at start, looked up by quiz code and by report (prompt) code. */
export function createFlows(list: readonly CompiledFlow[]) {
  const byCode = new Map(list.map((f) => [f.code, f]));
  const byReport = new Map<string, CompiledFlow>();
  for (const flow of list) if (!byReport.has(flow.report)) byReport.set(flow.report, flow);
  return {
    all: (): readonly CompiledFlow[] => list,
    byCode: (code: string): CompiledFlow | null => byCode.get(code) ?? null,
    byReport: (report: string): CompiledFlow | null => byReport.get(report) ?? null,
  };
}

export type Flows = ReturnType<typeof createFlows>;
