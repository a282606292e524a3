/**
 * Ad attribution kept in local storage (spec §7): the UTM parameters and quiz_title of the last
 * navigation that carried any of them, as one JSON object under `utmParams`, and the last
 * `fbclid` and `ttclid` (Meta's and TikTok's click ids). Funnels send them with the quiz session, so the order can be attributed.
 */
const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "utm_id", "quiz_title"] as const;

export const UTM_STORAGE_KEY = "utmParams";
export const FBCLID_STORAGE_KEY = "fbclid";
export const TTCLID_STORAGE_KEY = "ttclid";
/** The click ids kept as they arrive, each under its own key. */
const CLICK_IDS = [
  ["fbclid", FBCLID_STORAGE_KEY],
  ["ttclid", TTCLID_STORAGE_KEY],
] as const;

export type Attribution = { utm: Record<string, string> | null; fbclid: string | null; ttclid: string | null };

const NOTHING: Attribution = { utm: null, fbclid: null, ttclid: null };

/** Local storage, or null where it is missing or refused (private mode, blocked cookies). */
function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Stores what the query string `search` carries. A search with any UTM key (or quiz_title)
 * replaces the stored object with exactly those keys; one without leaves it as it is.
 * The same for each click id (fbclid, ttclid). Empty values count as absent.
 */
export function storeAttribution(search: string, store: Storage | null = storage()): void {
  if (!store) return;
  const params = new URLSearchParams(search);
  const utm: Record<string, string> = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value) utm[key] = value;
  }
  try {
    if (Object.keys(utm).length > 0) store.setItem(UTM_STORAGE_KEY, JSON.stringify(utm));
    for (const [param, key] of CLICK_IDS) {
      const value = params.get(param)?.trim();
      if (value) store.setItem(key, value);
    }
  } catch {
    // Storage full or refused: attribution is best effort.
  }
}

function parseUtm(raw: string | null): Record<string, string> | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object" || Array.isArray(value)) return null;
    const utm: Record<string, string> = {};
    for (const [key, item] of Object.entries(value)) if (typeof item === "string") utm[key] = item;
    return Object.keys(utm).length > 0 ? utm : null;
  } catch {
    return null;
  }
}

/** What is stored now; a missing or damaged entry reads as null. */
export function readAttribution(store: Storage | null = storage()): Attribution {
  if (!store) return NOTHING;
  try {
    return {
      utm: parseUtm(store.getItem(UTM_STORAGE_KEY)),
      fbclid: store.getItem(FBCLID_STORAGE_KEY) || null,
      ttclid: store.getItem(TTCLID_STORAGE_KEY) || null,
    };
  } catch {
    return NOTHING;
  }
}
