import type { Env } from "../env.ts";

type Directives = Record<string, string[]>;

/**
 * What the Content-Security-Policy must add for the third parties the browser build loads, and
 * nothing when they are not configured:
 * - Sentry (bundled SDK): events go to the DSN's own host; session replay compresses in a blob worker.
 * - Google Tag Manager: gtm.js from www.googletagmanager.com (our loader adds the script element, no
 *   inline script), and the Google Analytics hits it sends, on the hosts Google's CSP guide lists
 *   (region-specific, hence the wildcards on Google's own analytics domains only).
 */
export function thirdPartySources(env: Pick<Env, "VITE_SENTRY_DSN" | "VITE_GTM_ID">): Directives {
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
  return Object.fromEntries(Object.entries(add).filter(([, sources]) => sources.length > 0));
}
