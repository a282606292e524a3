/**
 * What the content area's calls do, in more than a line: the OpenAPI document (/api/openapi.json) shows
 * each as its call's description (ADR 072). Keyed by method and path as the route files write them;
 * a short description stays in its route.
 */
export const descriptions = {
  // professions.ts
  "GET /professions/:slug": "Everything a profession page shows, with the source of every fact and the O*NET credit. With ?result=<quiz session id> it also gives the match between that result's interest profile and the occupation (Pearson correlation of the six RIASEC areas, as 0–100; docs/assessments/career-matching.md). The result must be the caller's own (visitor cookie or logged-in customer): anyone else's, or an unknown one, is 404. A result not scored yet, or one without the six interest areas, is 409.",
} satisfies Record<string, string>;
