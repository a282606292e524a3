import { QueryClientContext, type QueryClient } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";

/**
 * TanStack Query's context, as its QueryClientProvider sets it, but the client may come later: a
 * funnel's first screen is drawn and hydrated before the library is fetched (ADR 043), and the
 * tree stays the same when it arrives (nothing is drawn anew). Until then a component that reads
 * queries must not be drawn (the funnel's StepDataSource waits for it).
 */
export function QueryRoot({ client, children }: { client: QueryClient | undefined; children: ReactNode }) {
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext value={client}>{children}</QueryClientContext>;
}
