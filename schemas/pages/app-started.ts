/**
 * The event the app dispatches on `document` once it has taken a server-rendered page over
 * (src/web/app/hydration.tsx). Until then the page's inline loader holds what the visitor clicks
 * and plays it back at this event (src/server/plugins/page-scripts.ts, ADR 039).
 */
export const APP_STARTED_EVENT = "pathwise:app-started";
