import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { storeAttribution } from "./attribution.ts";

/** Rendered once in the app shell: stores attribution parameters on every navigation. */
export function AttributionTracker(): null {
  const { search } = useLocation();
  useEffect(() => {
    if (search) storeAttribution(search);
  }, [search]);
  return null;
}
