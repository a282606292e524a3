import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { FunnelGraphView } from "#schemas/api/admin-funnel-graph.ts";
import { api } from "#web/shared/api/client.ts";

/** What the graph page asks for: a window (ISO date-times) and one variant (`<experiment>:<variant>`), or everyone. */
export type GraphRequest = { since: string; until: string; variant: string | null };

const graphKeys = {
  all: ["admin", "funnels", "graph"] as const,
  graph: (code: string, request: GraphRequest) => [...graphKeys.all, code, request] as const,
};

/** One flow's graph for a window and variant; live figures, asked again on focus, the previous graph kept on screen while the next loads. */
export const funnelGraphQueryOptions = (code: string, request: GraphRequest) =>
  queryOptions({
    queryKey: graphKeys.graph(code, request),
    queryFn: ({ signal }) =>
      api.get<FunnelGraphView>(`/admin/funnels/${encodeURIComponent(code)}/graph`, {
        query: { since: request.since, until: request.until, ...(request.variant ? { variant: request.variant } : {}) },
        signal,
      }),
    staleTime: 0,
    refetchOnWindowFocus: "always",
    placeholderData: keepPreviousData,
  });
