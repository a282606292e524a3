import { queryOptions } from "@tanstack/react-query";
import type { AdSpendImported, AdSpendSeries } from "#schemas/api/admin-ad-spend.ts";
import { api } from "#web/shared/api/client.ts";

const adSpendKeys = { all: ["admin", "ad-spend"] as const };

/** The spend stored so far, per source, campaign and currency; asked again whenever the page regains focus. */
export const adSpendQueryOptions = () =>
  queryOptions({
    queryKey: adSpendKeys.all,
    queryFn: ({ signal }) => api.get<AdSpendSeries[]>("/admin/ad-spend", { signal }),
    staleTime: 0,
    refetchOnWindowFocus: "always",
  });

/** Imports a CSV file's text: every row or none (a refusal is an ApiError naming each bad line in `issues`). */
export const importAdSpend = (csv: string) => api.post<AdSpendImported>("/admin/ad-spend", { csv });
