/**
 * What the reports area's calls do, in more than a line: the OpenAPI document (/api/openapi.json) shows
 * each as its call's description (ADR 072). Keyed by method and path as the route files write them;
 * a short description stays in its route.
 */
export const descriptions = {
  // session-report.ts
  "GET /quiz/sessions/:id/report":
    "The session must be the caller's. The full report (once the worker has built it; else null with its status) only for the logged-in customer who paid for this session, or the session's logged-in owner who holds the report (bought or included in a plan). Anyone else gets the teaser (shown before the e-mail step), built from the stored answers with every section but the first locked: access `refunded` for the logged-in owner whose payment for it (or whose plan's) was refunded (ADR 052), `login_required` when the report is paid for or granted (log in to read it), else `teaser`. 409 quiz_incomplete while a scored question is unanswered.",
  "GET /customer/latest-reports":
    "Every report built for the customer, bought or included in a plan. `refunded`: its payment, or its plan's, was refunded, so it is listed but no longer served (ADR 052).",
  "GET /customer/reports/:prompt_code":
    "404 when the customer has no ready report with this code (someone else's reports are never reachable); 403 report_refunded when its payment, or its plan's, was refunded (ADR 052).",
  "GET /quiz/sessions/:id/report.pdf":
    "The same report as the page, A4 or Letter (?paper=letter), for the same callers as the full report. 402 before payment; 401 (logged out) or 403 (another account) login_required when it is paid for but not by this caller; 403 report_refunded for the owner whose payment for it (or whose plan's) was refunded; 409 report_not_ready while it is being built.",
  // start-report-generation.ts
  "POST /customer/start-lreport-generation":
    "Idempotent: returns the existing request's status. 404 for a session that is not the customer's; 402 when the customer does not hold its report (never paid, or refunded: ADR 052).",
} satisfies Record<string, string>;
