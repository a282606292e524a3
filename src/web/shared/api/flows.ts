import type { CompiledFlow } from "#engine/flow/types.ts";
import { api, ApiError } from "./client.ts";

/**
 * A flow from the server, not from the build (ADR 066): the version `pinned` names while the server
 * still serves it, else the live one, which a publish changes without a rebuild. The funnel asks for
 * its run's pinned version; the console's step preview for the live one (`pinned` null).
 */
export async function fetchServedFlow(code: string, pinned: string | null): Promise<CompiledFlow> {
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
