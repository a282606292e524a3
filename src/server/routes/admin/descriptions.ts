import { AD_SPEND_COLUMNS, AD_SPEND_LIMITS } from "#schemas/api/admin-ad-spend.ts";
import { INTEGRATION_DAYS, INTEGRATION_LATEST } from "#schemas/api/admin-integrations.ts";
import { MAX_WINDOW_DAYS } from "#server/analytics/report-query.ts";

/**
 * What the admin area's calls do, in more than a line: the OpenAPI document (/api/openapi.json) shows
 * each as its call's description (ADR 072). Keyed by method and path as the route files write them;
 * a short description stays in its route.
 */
export const descriptions = {
  // ad-spend.ts
  "POST /ad-spend": `The CSV's header names ${AD_SPEND_COLUMNS.join(", ")} (any order); each row is one UTC day (YYYY-MM-DD) of one source and campaign (the utm_source and utm_campaign of the ads' links, exactly), a currency the app sells in and the spend as a plain amount (1234.56). A day, source and campaign already stored is replaced. 400 invalid_spend_csv names each bad line in \`issues\` (path \`line N\`) and stores nothing; 413 csv_too_large past ${AD_SPEND_LIMITS.characters.toLocaleString("en-US")} characters.`,
  // flows-publish.ts
  "POST /flows/publish":
    'Operator token only. Each flow is checked with the other live flows exactly as `npm run flows:check` checks a named file, each template against the flow that makes its report. One problem refuses all of them (422 flow_problems with every problem located) and nothing changes. Otherwise each changed file is recorded as a version and is live for new visitors when this answers; visitors mid-quiz keep the version they started. A new flow, step path, alias or variant path is a page at once (ADR 066 "Routing"); a path an app page or another flow has is refused.',
  // funnel-graph.ts
  "GET /funnels/:code/graph": `The window defaults to the 30 days up to now and may be at most ${MAX_WINDOW_DAYS} days; \`variant=<experiment>:<variant>\` keeps only the runs assigned that variant. 404 for a flow that is not loaded; 400 for a window that ends before it starts or is too long, or a variant the flow does not have (the message names its variants).`,
  // funnels.ts
  "GET /funnels/:code/report": `The window defaults to the 30 days up to now and may be at most ${MAX_WINDOW_DAYS} days. \`format=csv\` answers the step and group tables as a text/csv download instead of JSON. 404 for a flow that is not loaded; 400 for a window that ends before it starts or is too long, or an experiment the flow does not have (the message names its experiments).`,
  "GET /funnels/:code/plan": `From a baseline conversion rate and the smallest relative lift worth finding (power 80%, α 5%): the visitors each variant needs for the console's always-valid verdict (and, for comparison, for a fixed-sample test looked at once), and the days they take at the flow's runs per day over the window (default the 30 days to now, at most ${MAX_WINDOW_DAYS}), split evenly over \`variants\`. 404 for a flow that is not loaded; 400 for a rate or window out of range.`,
  "GET /funnels/:code/follow-ups":
    "All time, one row per follow-up the flow's YAML declares, in its order; none for a flow without follow-ups. 404 for a flow that is not loaded.",
  // integrations.ts
  "GET /integrations": `The registry's destinations, then any other destination the outbox has rows for (by its key). Days: the last ${INTEGRATION_DAYS} UTC days by the day an event was queued; the latest ${INTEGRATION_LATEST} rows and the latest ${INTEGRATION_LATEST} failed rows per destination. Credentials are never shown, only the names of the variables missing.`,
  "POST /integrations/:destination/test":
    "A made-up lead, sent straight to the platform's test channel (Meta: `test_event_code` = META_TEST_EVENT_CODE; GA4: the validation server `/debug/mp/collect`; TikTok: `test_event_code` = TIKTOK_TEST_EVENT_CODE), never through the outbox: it counts nowhere. 404 for a destination with no test; 409 `not_configured` without credentials, 409 `no_test_channel` without the test code (the event would land in live data).",
  // report-preview.ts
  "POST /reports/:code/preview":
    "Built by the same engine as customers' reports, with the example report's date and no name. `positions` (0–100 of each scale's own range) replaces the example positions of the scales it names. Nothing is stored.",
  // staff.ts
  "POST /staff":
    "Makes a customer account when there is none and e-mails the invitation; the role takes effect only when its link is used, which ends the account's other sessions (ADR 051). Calling it again sends a new invitation (the older one stops working). Only the operator's token may call it: a staff session gets 403 operator_only.",
  "DELETE /staff":
    "The account stays (as a customer's); its sessions end, and an invitation not yet used stops working. A staff session gets 403 operator_only.",
} satisfies Record<string, string>;
