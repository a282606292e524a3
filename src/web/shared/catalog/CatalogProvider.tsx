import { createContext, useCallback, useContext, useEffect, useSyncExternalStore, type ReactNode } from "react";
import { PageLoading } from "../ui/PageLoading.tsx";
import type { CatalogSource } from "./catalog-source.ts";
import { EMPTY_CATALOG, translate, type CatalogMap } from "./translate.ts";

const CatalogContext = createContext<CatalogMap | null>(null);

/**
 * Shows the info-data catalogue's texts to the page, and nothing else until they are there (spec
 * §2): the page's own (the server put them into it) or loaded now. A failed load gives an empty
 * catalogue (catalog-source.ts), so the app always continues.
 */
export function CatalogProvider({ source, children }: { source: CatalogSource; children: ReactNode }) {
  const data = useSyncExternalStore(source.subscribe, source.current, source.current);
  useEffect(() => {
    if (data === undefined) void source.load();
  }, [data, source]);
  if (data === undefined) return <PageLoading label="Loading Pathwise…" fullScreen />;
  return <CatalogContext.Provider value={data}>{children}</CatalogContext.Provider>;
}

/** The loaded catalogue map. Outside a CatalogProvider it is empty. */
function useCatalog(): CatalogMap {
  return useContext(CatalogContext) ?? EMPTY_CATALOG;
}

export type Translate = (code: string) => string;

/** `t(code)`: the catalogue text, or `{{code}}` when the code is missing. */
export function useT(): Translate {
  const map = useCatalog();
  return useCallback((code: string) => translate(map, code), [map]);
}
