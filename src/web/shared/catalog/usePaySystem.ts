import { useMemo } from "react";
import { paySystemFromCatalog, type PaySystem } from "../pay-system.ts";
import { useCatalog } from "./CatalogProvider.tsx";

const resolved = new WeakMap<object, PaySystem>();

/** The payment system from the loaded catalogue; an unknown value is logged once per catalogue. */
export function usePaySystem(): PaySystem {
  const map = useCatalog();
  return useMemo(() => {
    const known = resolved.get(map);
    if (known) return known;
    const value = paySystemFromCatalog(map);
    resolved.set(map, value);
    return value;
  }, [map]);
}
