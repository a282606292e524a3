import { queryOptions } from "@tanstack/react-query";
import { api } from "../api/client.ts";
import { logClient } from "../log/log.ts";
import { EMPTY_CATALOG, toCatalogMap, type CatalogEntry, type CatalogMap } from "./translate.ts";

export const catalogKeys = {
  all: ["catalog"] as const,
  list: () => [...catalogKeys.all, "list"] as const,
};

/** Loads the catalogue. A failure is logged and answered with an empty map: the app still runs. */
async function fetchCatalog(signal?: AbortSignal): Promise<CatalogMap> {
  try {
    return toCatalogMap(await api.get<CatalogEntry[]>("/info-data-catalog/list", { signal }));
  } catch (error) {
    if (signal?.aborted) throw error;
    logClient("error", "Catalogue failed to load; continuing with an empty catalogue", error);
    return EMPTY_CATALOG;
  }
}

/** The catalogue is loaded once per page load and kept: its texts do not change while a page is open. */
export const catalogQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.list(),
    queryFn: ({ signal }) => fetchCatalog(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
