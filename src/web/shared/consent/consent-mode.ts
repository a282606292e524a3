import type { ConsentRecord } from "#schemas/consent/consent-cookie.ts";

/**
 * Google's `gtag()`: the tag manager reads a command only from an `arguments` object on the data
 * layer (an array it takes for a plain message), so this pushes exactly that, as Google's snippet does.
 */
function gtag(..._command: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params -- Google's tags read the arguments object, not an array.
  (window.dataLayer ??= []).push(arguments);
}

/** How long Google's tags wait for the visitor's choice after the defaults (ms). */
const WAIT_FOR_UPDATE_MS = 500;

/** Consent Mode v2 signals for a choice: analytics storage with analytics, the three ad signals with marketing. */
function consentModeOf(record: ConsentRecord | null) {
  const ads = record?.marketing ? "granted" : "denied";
  return { ad_storage: ads, ad_user_data: ads, ad_personalization: ads, analytics_storage: record?.analytics ? "granted" : "denied" } as const;
}

/**
 * Google Consent Mode v2 (ADR 055): everything denied by default, pushed before the tag manager can
 * load, then the visitor's choice when they have one. The tag manager loads only after a choice
 * that allows analytics or marketing (src/web/shared/monitoring/monitoring.ts).
 */
export function signalConsentDefaults(record: ConsentRecord | null): void {
  gtag("consent", "default", { ...consentModeOf(null), wait_for_update: WAIT_FOR_UPDATE_MS });
  if (record) signalConsentChoice(record);
}

/** The visitor chose or changed their choice: Google's tags follow it from now on. */
export function signalConsentChoice(record: ConsentRecord): void {
  gtag("consent", "update", consentModeOf(record));
}
