import { api } from "../api/client.ts";
import { logClient } from "../log/log.ts";
import { valueStore } from "../value-store.ts";
import { EMPTY_CATALOG, toCatalogMap, type CatalogEntry, type CatalogMap } from "./translate.ts";

/**
 * The info-data catalogue of one page (or one server render, or one test): the texts it has, and
 * how to load or refresh them. Plain state, not a query: every page reads it on its first screen,
 * and a funnel's first screen runs without TanStack Query (ADR 043).
 */
export type CatalogSource = {
  /** The texts, or undefined while they are still to be loaded. */
  current: () => CatalogMap | undefined;
  subscribe: (listener: () => void) => () => void;
  /** Loads the texts if there are none yet (once); a failure is logged and gives an empty catalogue. */
  load: () => Promise<void>;
  /** Loads the texts again and keeps them; a failure keeps the ones there are. */
  refresh: () => Promise<void>;
};

async function fetchCatalog(): Promise<CatalogMap> {
  return toCatalogMap(await api.get<CatalogEntry[]>("/info-data-catalog/list"));
}

/** A catalogue starting from `initial` (the server put it into the page), or empty until `load`. */
export function createCatalogSource(initial?: CatalogMap): CatalogSource {
  const { current, subscribe, set } = valueStore<CatalogMap | undefined>(initial);
  let loading: Promise<void> | undefined;
  return {
    current,
    subscribe,
    load: () => {
      if (current() !== undefined) return Promise.resolve();
      loading ??= fetchCatalog().then(set, (error: unknown) => {
        logClient("error", "Catalogue failed to load; continuing with an empty catalogue", error);
        set(EMPTY_CATALOG);
      });
      return loading;
    },
    refresh: () =>
      fetchCatalog().then(set, (error: unknown) => {
        logClient("warn", "Catalogue refresh failed; keeping the texts the page has", error);
      }),
  };
}
