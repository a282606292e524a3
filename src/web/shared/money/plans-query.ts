import { queryOptions } from "@tanstack/react-query";
import type { ProductView } from "#schemas/api/payments.ts";
import { api } from "../api/client.ts";

const planKeys = {
  all: ["plans"] as const,
  list: (currency?: string, sessionId?: string) => [...planKeys.all, "list", currency ?? "auto", sessionId ?? "catalogue"] as const,
};

/**
 * The plans on sale, priced in `currency` (left out: the server picks it from the visitor's
 * location). With the visitor's quiz session, the plans of that session's offer, in its order, one of
 * them maybe preselected (ADR 065). The list sits in the response's `data.data` (spec §7); a bare
 * list is accepted too.
 */
async function fetchPlans(currency?: string, sessionId?: string, signal?: AbortSignal): Promise<ProductView[]> {
  const body = await api.get<{ data: ProductView[] } | ProductView[]>("/payment/products/paypro", { query: { currency, session_id: sessionId }, signal });
  return Array.isArray(body) ? body : body.data;
}

export const plansQueryOptions = (currency?: string, sessionId?: string) =>
  queryOptions({
    queryKey: planKeys.list(currency, sessionId),
    queryFn: ({ signal }) => fetchPlans(currency, sessionId, signal),
    staleTime: 5 * 60_000,
  });
