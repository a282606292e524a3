import { useQuery } from "@tanstack/react-query";
import { createContext, useCallback, useContext, type ReactNode } from "react";
import { PageLoading } from "../ui/PageLoading.tsx";
import { catalogQueryOptions } from "./catalog-query.ts";
import { EMPTY_CATALOG, translate, type CatalogMap } from "./translate.ts";

const CatalogContext = createContext<CatalogMap | null>(null);

/**
 * Loads the info-data catalogue and shows nothing else until it is there (spec §2). A failed load
 * resolves to an empty catalogue (see fetchCatalog), so the app always continues.
 * Needs a QueryClientProvider above it.
 */
export function CatalogProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery(catalogQueryOptions());
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
