/**
 * The visitor's privacy choice as the page and the server read it from the `pw_consent` cookie
 * (issue 28, ADR 055), without zod, so the browser's first bundle can ask "may marketing run?"
 * (ADR 057). ./consent.ts re-exports all of it and holds the schema `consentRecord` this type equals.
 */
export type ConsentFlags = { analytics: boolean; marketing: boolean; decided_at: string };
type ConsentPurpose = Exclude<keyof ConsentFlags, "decided_at">;

/** The cookie that keeps the choice (not httpOnly: the page reads it before it loads any tag). */
export const CONSENT_COOKIE = "pw_consent";
/** Six months, after which the banner asks again (the CNIL's guidance on how long a choice is kept). */
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 183 * 24 * 60 * 60;
/** The window event the page fires when the visitor changes their choice (detail: ConsentRecord). */
export const CONSENT_CHANGE_EVENT = "pw:consent";

/** The cookie's value: `1.<analytics 0|1>.<marketing 0|1>.<decided_at in Unix seconds>`. */
export function consentCookieValue(record: ConsentFlags): string {
  const seconds = Math.floor(Date.parse(record.decided_at) / 1000);
  return `1.${record.analytics ? 1 : 0}.${record.marketing ? 1 : 0}.${seconds}`;
}

const COOKIE_VALUE = /^1\.([01])\.([01])\.(\d{9,11})$/;

/** The choice a cookie value holds, or null when there is none or it is not one we wrote. */
export function parseConsentCookieValue(value: string | undefined | null): ConsentFlags | null {
  const match = value ? COOKIE_VALUE.exec(value) : null;
  if (!match) return null;
  return { analytics: match[1] === "1", marketing: match[2] === "1", decided_at: new Date(Number(match[3]) * 1000).toISOString() };
}

/** The choice in a `Cookie` header or `document.cookie`, or null when the visitor has not chosen. */
export function readConsentCookie(cookies: string | undefined | null): ConsentFlags | null {
  for (const part of (cookies ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === CONSENT_COOKIE) return parseConsentCookieValue(decodeURIComponent(rest.join("=")));
  }
  return null;
}

/** Whether a choice allows a purpose: never without a choice. */
export function consentAllows(record: ConsentFlags | null | undefined, purpose: ConsentPurpose): boolean {
  return record?.[purpose] === true;
}
