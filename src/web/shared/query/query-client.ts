import { hydrate, QueryClient } from "@tanstack/react-query";
import { bootData } from "../boot/boot-data.ts";

/**
 * The page's one QueryClient, with the API answers the server drew the page with (the plans on
 * /pricing…) when it was server-rendered, so the first render that reads them draws the same.
 * Loaded by src/web/shared/query/app-query-client.ts, never statically by the boot (ADR 043).
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } });
  const boot = bootData();
  if (boot?.hydration && boot.queries) hydrate(client, boot.queries);
  return client;
}
