import { queryOptions } from "@tanstack/react-query";
import type { ProductView } from "#schemas/api/payments.ts";
import { api } from "../api/client.ts";

const planKeys = {
  all: ["plans"] as const,
  list: (currency?: string) => [...planKeys.all, "list", currency ?? "auto"] as const,
};

/**
 * The plans on sale, priced in `currency` (left out: the server picks it from the visitor's
 * location). The list sits in the response's `data.data` (spec §7); a bare list is accepted too.
 */
async function fetchPlans(currency?: string, signal?: AbortSignal): Promise<ProductView[]> {
  const body = await api.get<{ data: ProductView[] } | ProductView[]>("/payment/products/paypro", { query: { currency }, signal });
  return Array.isArray(body) ? body : body.data;
}

export const plansQueryOptions = (currency?: string) =>
  queryOptions({
    queryKey: planKeys.list(currency),
    queryFn: ({ signal }) => fetchPlans(currency, signal),
    staleTime: 5 * 60_000,
  });
