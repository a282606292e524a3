/**
 * What the auth area's calls do, in more than a line: the OpenAPI document (/api/openapi.json) shows
 * each as its call's description (ADR 072). Keyed by method and path as the route files write them;
 * a short description stays in its route.
 */
export const descriptions = {
  // login.ts
  "POST /login":
    "Starts a new session (a new cookie) and ends the one the request came with, and every session of the account that never proved its inbox (ADR 051). Quizzes started in this browser become the customer's. The token may be a login link's or a staff invitation's: the invitation makes the account staff and ends all its other sessions.",
} satisfies Record<string, string>;
