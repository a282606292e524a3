/**
 * What the privacy area's calls do, in more than a line: the OpenAPI document (/api/openapi.json) shows
 * each as its call's description (ADR 072). Keyed by method and path as the route files write them;
 * a short description stays in its route.
 */
export const descriptions = {
  // consent.ts
  "POST /consent":
    "Sets the `pw_consent` cookie (six months, SameSite=Lax, Secure on https) and records the choice, with the server's time, on every quiz session this browser holds and on the account of a customer logged in with a proven session. Until a choice, and after declining, nothing third-party loads and no marketing event is sent.",
} satisfies Record<string, string>;
