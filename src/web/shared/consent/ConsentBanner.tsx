import { ConsentPanel } from "./ConsentPanel.tsx";
import { useConsentView } from "./use-consent-view.ts";

/**
 * The privacy banner (ADR 055): on a visitor's first page until they choose, and again when they
 * open "Privacy choices". Part of the server's first screen (the server renders it exactly when the
 * request carried no choice); fixed over the page, so it moves nothing when it comes or goes.
 */
export function ConsentBanner() {
  const view = useConsentView();
  if (view.decided && !view.open) return null;
  // A panel opened again starts anew from the current choice.
  return <ConsentPanel key={view.open ? "again" : "first"} record={view.record} reopened={view.open} />;
}
