import type { Env } from "../env.ts";

type Directives = Record<string, string[]>;

/**
 * What the Content-Security-Policy must add for the third parties the browser build loads, and
 * nothing when they are not configured:
 * - Sentry (bundled SDK): events go to the DSN's own host; session replay compresses in a blob worker.
 * - Google Tag Manager: gtm.js from www.googletagmanager.com (our loader adds the script element, no
 *   inline script), and the Google Analytics hits it sends, on the hosts Google's CSP guide lists
 *   (region-specific, hence the wildcards on Google's own analytics domains only).
 * - The Meta pixel: fbevents.js and its configuration from connect.facebook.net, its hits to
 *   www.facebook.com (an image, or a beacon/fetch).
 * - The TikTok pixel: events.js and its main script from analytics.tiktok.com, its hits to the same
 *   host (and its IPv6 twin).
 */
export function thirdPartySources(env: Pick<Env, "VITE_SENTRY_DSN" | "VITE_GTM_ID" | "META_PIXEL_ID" | "TIKTOK_PIXEL_ID">): Directives {
  const add: Directives = { "script-src": [], "connect-src": [], "img-src": [], "worker-src": [] };
  if (env.VITE_SENTRY_DSN) {
    add["connect-src"]!.push(new URL(env.VITE_SENTRY_DSN).origin);
    add["worker-src"]!.push("'self'", "blob:");
  }
  if (env.VITE_GTM_ID) {
    add["script-src"]!.push("https://www.googletagmanager.com");
    add["img-src"]!.push("https://www.googletagmanager.com", "https://*.google-analytics.com");
    add["connect-src"]!.push("https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com");
  }
  if (env.META_PIXEL_ID) {
    add["script-src"]!.push("https://connect.facebook.net");
    add["img-src"]!.push("https://www.facebook.com");
    add["connect-src"]!.push("https://connect.facebook.net", "https://www.facebook.com");
  }
  if (env.TIKTOK_PIXEL_ID) {
    add["script-src"]!.push("https://analytics.tiktok.com");
    add["img-src"]!.push("https://analytics.tiktok.com");
    add["connect-src"]!.push("https://analytics.tiktok.com", "https://analytics-ipv6.tiktokw.us");
  }
  return Object.fromEntries(Object.entries(add).filter(([, sources]) => sources.length > 0));
}
