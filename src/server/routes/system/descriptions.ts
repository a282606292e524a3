/**
 * What the system area's calls do, in more than a line: the OpenAPI document (/api/openapi.json) shows
 * each as its call's description (ADR 072). Keyed by method and path as the route files write them;
 * a short description stays in its route.
 */
export const descriptions = {
  // feedback.ts
  "POST /feedback":
    "Open to everyone; linked to the customer when logged in. 400 `invalid_request` for a bad form, rating or comment (nothing is stored); 429 `rate_limited` past a few ratings per address.",
  // location.ts
  "GET /location":
    "Country from the trusted CDN header named by GEO_COUNTRY_HEADER when configured, else from the Accept-Language region, else null (currency USD).",
} satisfies Record<string, string>;
