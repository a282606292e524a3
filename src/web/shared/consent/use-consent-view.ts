import { useSyncExternalStore } from "react";
import { consentView, subscribeConsentView, type ConsentView } from "./consent-state.ts";

/** The privacy choice as the page draws it; the server's render and the hydration agree (consent-state.ts). */
export function useConsentView(): ConsentView {
  return useSyncExternalStore(subscribeConsentView, consentView, consentView);
}
