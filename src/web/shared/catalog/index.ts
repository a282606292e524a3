export { catalogKeys, catalogQueryOptions, fetchCatalog } from "./catalog-query.ts";
export { CatalogProvider, useCatalog, useT, type Translate } from "./CatalogProvider.tsx";
export { EMPTY_CATALOG, toCatalogMap, translate, type CatalogEntry, type CatalogMap } from "./translate.ts";
export { usePaySystem } from "./usePaySystem.ts";
