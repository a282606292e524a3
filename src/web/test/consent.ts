import { consentCookieValue, type ConsentChoice, type ConsentRecord } from "#schemas/consent/consent.ts";
import { applyConsent } from "../shared/consent/consent-state.ts";

/** What every test starts with (src/web/test/setup.ts): a visitor who declined, so no banner covers the page. */
const DECLINED: ConsentRecord = { analytics: false, marketing: false, decided_at: "2026-05-28T20:26:40.000Z" };

/** The visitor makes a choice as the banner does: the server's cookie, then the page's own state and change event. */
export function chooseConsent(choice: ConsentChoice, decidedAt = "2026-12-01T10:00:00.000Z"): void {
  const record: ConsentRecord = { ...choice, decided_at: decidedAt };
  document.cookie = `pw_consent=${consentCookieValue(record)}; path=/`;
  applyConsent(record);
}

/** Back to the declined visitor every test starts as. */
export function resetConsent(): void {
  chooseConsent(DECLINED, DECLINED.decided_at);
}
