import { CONSENT_CHANGE_EVENT, type ConsentPurpose, type ConsentRecord } from "#schemas/consent/consent-cookie.ts";
import { currentConsent } from "./consent-state.ts";

/**
 * Calls `listener` with every choice the visitor makes from now on (the page's CONSENT_CHANGE_EVENT);
 * returns the way to stop. A tag that was allowed stops at a choice that no longer allows it.
 */
export function onConsentChange(listener: (record: ConsentRecord) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<ConsentRecord>).detail);
  window.addEventListener(CONSENT_CHANGE_EVENT, handle);
  return () => window.removeEventListener(CONSENT_CHANGE_EVENT, handle);
}

/** Whether the choice allows any of `purposes`: never before a choice. */
export const allowsAny = (record: ConsentRecord | null, purposes: ConsentPurpose | readonly ConsentPurpose[]): boolean =>
  record !== null && (typeof purposes === "string" ? [purposes] : purposes).some((purpose) => record[purpose]);

/**
 * The one way a third-party script or request is started in the browser (ADR 055): `task` runs once,
 * as soon as the visitor's choice allows `purpose` (any of them, for a list) — at once when it
 * already does, never before a choice, never after "Decline all". Returns a function that cancels a
 * task still waiting. Before each later send, check `allowsAny(currentConsent(), purpose)`: the
 * visitor may have withdrawn since.
 */
export function whenConsented(purpose: ConsentPurpose | readonly ConsentPurpose[], task: () => void): () => void {
  if (allowsAny(currentConsent(), purpose)) {
    task();
    return () => {};
  }
  const stop = onConsentChange((record) => {
    if (!allowsAny(record, purpose)) return;
    stop();
    task();
  });
  return stop;
}
