import { readAttribution } from "#web/shared/tracking/index.ts";

/** Where the visitor came from (UTM tags, a Facebook click id), as a quiz session records it. */
export function attribution() {
  const { utm, fbclid, ttclid } = readAttribution();
  return { ...(utm ? { utm } : {}), ...(fbclid ? { fbclid } : {}), ...(ttclid ? { ttclid } : {}) };
}
