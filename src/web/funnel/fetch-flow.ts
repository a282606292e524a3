import type { CompiledFlow } from "#engine/flow/types.ts";
import { api, ApiError } from "../shared/api/client.ts";
import { readProgress } from "./persistence.ts";

/**
 * The version this browser's run of a flow is pinned to: the hash its saved progress belongs to
 * (a resumed run's too), once a session was started. Null for a visitor who has not started.
 */
export function pinnedHash(code: string): string | null {
  const saved = readProgress(code);
  return saved?.sessionId ? saved.hash.replace(/^resumed:/, "") : null;
}

/**
 * A flow from the server, not from the build (ADR 066): the version this browser's run is pinned
 * to while the server still serves it, else the live one, which a publish changes without a rebuild.
 */
export async function fetchFlow(code: string, pinned: string | null = pinnedHash(code)): Promise<CompiledFlow> {
  const path = `/quiz/flows/${encodeURIComponent(code)}`;
  if (pinned) {
    try {
      return await api.get<CompiledFlow>(`${path}/versions/${encodeURIComponent(pinned)}`);
    } catch (error) {
      // A version the server no longer has (or a hash it never had): the run goes on in the live one.
      if (!(error instanceof ApiError && (error.status === 404 || error.status === 400))) throw error;
    }
  }
  return api.get<CompiledFlow>(path);
}
