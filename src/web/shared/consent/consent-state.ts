import { CONSENT_CHANGE_EVENT, readConsentCookie, type ConsentRecord } from "#schemas/consent/consent-cookie.ts";
import { bootData } from "../boot/boot-data.ts";

/**
 * What the privacy banner draws from (ADR 055): whether this browser has chosen, its choice (in the
 * browser; the server's render knows only whether there is one), and whether the choice panel is
 * open again (the footer's "Privacy choices").
 */
export type ConsentView = { decided: boolean; record: ConsentRecord | null; open: boolean };

const listeners = new Set<() => void>();
const initial = typeof document === "undefined" ? null : readConsentCookie(document.cookie);
let view: ConsentView = { decided: initial !== null, record: initial, open: false };

/** The server's render: each page's own boot data says whether its visitor had chosen (two constant views, as React wants). */
const SERVER_VIEWS = { decided: { decided: true, record: null, open: false }, undecided: { decided: false, record: null, open: false } } as const;

function update(next: Partial<ConsentView>): void {
  view = { ...view, ...next };
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore (use-consent-view.ts). */
export function subscribeConsentView(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function consentView(): ConsentView {
  return typeof document === "undefined" ? (bootData()?.consented ? SERVER_VIEWS.decided : SERVER_VIEWS.undecided) : view;
}

/** The choice this browser holds now, or null before the visitor chose. */
export function currentConsent(): ConsentRecord | null {
  return view.record;
}

/** The visitor chose (the server kept it and set the cookie): the banner closes and the page is told (CONSENT_CHANGE_EVENT). */
export function applyConsent(record: ConsentRecord): void {
  update({ decided: true, record, open: false });
  window.dispatchEvent(new CustomEvent<ConsentRecord>(CONSENT_CHANGE_EVENT, { detail: record }));
}

/** A login may have given this browser the account's choice (set by the server's answer): take it up if it did. */
export function rereadConsentCookie(): void {
  const record = readConsentCookie(document.cookie);
  if (record && record.decided_at !== view.record?.decided_at) applyConsent(record);
}

/** Opens the choice panel with the current choice shown ("Privacy choices" in every footer). */
export function openConsentPanel(): void {
  update({ open: true });
}

/** Closes a panel opened again without a change. */
export function closeConsentPanel(): void {
  update({ open: false });
}
