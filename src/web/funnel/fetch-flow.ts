import type { CompiledFlow } from "#engine/flow/types.ts";
import { fetchServedFlow } from "../shared/api/flows.ts";
import { readProgress } from "./session/persistence.ts";

/**
 * The version this browser's run of a flow is pinned to: the hash its saved progress belongs to
 * (a resumed run's too), once a session was started. Null for a visitor who has not started.
 */
export function pinnedHash(code: string): string | null {
  const saved = readProgress(code);
  return saved?.sessionId ? saved.hash.replace(/^resumed:/, "") : null;
}

/** The flow this browser runs (ADR 066): its run's pinned version while the server serves it, else the live one. */
export const fetchFlow = (code: string, pinned: string | null = pinnedHash(code)): Promise<CompiledFlow> => fetchServedFlow(code, pinned);
