/**
 * What the payments area's calls do, in more than a line: the OpenAPI document (/api/openapi.json) shows
 * each as its call's description (ADR 072). Keyed by method and path as the route files write them;
 * a short description stays in its route.
 */
export const descriptions = {
  // checkout-start.ts
  "POST /checkout/start":
    "The quiz session (optional) must be the caller's own and finished (400 quiz_incomplete), and the plan one of its offer (409 plan_not_offered: GET /payment/products/paypro?session_id= lists them, ADR 065); the logged-in customer pays, else the session's customer from the e-mail step. Starting again for the same session, plan and currency hands back the same open order (one order per quiz; a second payment that still arrives is refunded). 409 email_required when there is no payer; 409 already_paid when the session's report is paid for (or its payment is under review); 409 plan_active when the logged-in payer already has a plan that gives access (its reports are included: POST /quiz/sessions/{id}/include-report).",
  // orders.ts
  "GET /orders/:id":
    "The visitor who started it (quiz session cookie) or the customer who owns it; anyone else gets 404. The plan and the amount only for the order's logged-in customer (null for a browser that merely holds the quiz session); once a first purchase is paid, `conversion` (amount, currency, trial) for either, so the page can report the purchase to ad platforms with the visitor's marketing consent (ADR 057). Once paid, a first-time buyer is logged in in the browser that paid (a session cookie; logged_in: true) when this checkout created the account — never for an address that already had one. Nobody proved that inbox, so this session reaches only this purchase: this order and the report it paid for (page and PDF); the rest of the account needs a login that proves the address (ADR 051).",
  "GET /quiz/sessions/:id/payment":
    "The payment step asks, so a visitor who comes back to it (browser Back) sees that the report is paid instead of paying twice. The session must be the caller's; anyone else gets 404.",
  "POST /quiz/sessions/:id/include-report":
    "A plan that gives access (active, trial, paused or cancelled before its paid period ends) includes every assessment's report (ADR 017). The caller must be logged in and the session theirs (started or confirmed while logged in); the quiz must be finished (409 quiz_incomplete). Without such a plan: 403 subscription_required with what unlocks it. The report is queued for building and listed in the account; calling again changes nothing.",
  // products.ts
  "GET /payment/products/paypro":
    "Every active plan, sorted as in content/products. With ?session_id= (the caller's own quiz session, else 404), the plans of that session's offer instead, in its order, with `preselected` on the plan chosen when the pre-checkout opens: the flow's `offer:`, replaced by the visitor's variant's (ADR 065); a flow without one offers every plan. POST /checkout/start refuses any other plan for that session. Priced in ?currency= when given, else in the currency GET /location gives this request. Amounts are minor units (1999 = 19.99). `most_popular` marks the plan with the most paid first orders of the last 30 days, when there are at least 20 (counted every ten minutes).",
} satisfies Record<string, string>;
