import { CONSENT_CHANGE_EVENT, consentAllows, readConsentCookie, type ConsentFlags } from "#schemas/consent/consent-cookie.ts";

/**
 * Whether the visitor allowed marketing: the only place the conversion events and the pixels ask
 * (ADR 057). Until the consent section's gate is merged it reads the `pw_consent` cookie and the
 * page's change event itself; at merge this module becomes a thin call into that gate.
 */
export function marketingAllowed(): boolean {
  return typeof document !== "undefined" && consentAllows(readConsentCookie(document.cookie), "marketing");
}

/** Calls `listener` each time the visitor's choice changes to one that allows marketing; returns the unsubscribe. */
export function onMarketingAllowed(listener: () => void): () => void {
  const onChange = (event: Event) => {
    if (consentAllows((event as CustomEvent<ConsentFlags | null>).detail, "marketing")) listener();
  };
  window.addEventListener(CONSENT_CHANGE_EVENT, onChange);
  return () => window.removeEventListener(CONSENT_CHANGE_EVENT, onChange);
}
