export { FBCLID_STORAGE_KEY, readAttribution, storeAttribution, UTM_KEYS, UTM_STORAGE_KEY, type Attribution, type UtmKey } from "./attribution.ts";
export { AttributionTracker } from "./AttributionTracker.tsx";
