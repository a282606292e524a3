/**
 * The visitor's privacy choice without zod (issue 28, ADR 055): its purposes, the `pw_consent`
 * cookie and the event the page fires, for code that runs before the page's first screen (the
 * banner and the gate in src/web/shared/consent/ are in the first bundle, which carries no zod).
 * schemas/consent/consent.ts holds the zod schemas and re-exports all of this: import from there
 * everywhere else.
 *
 * - `analytics`: our own measurement in third-party tools (the tag manager's analytics tags, and
 *   error reporting, ADR 055).
 * - `marketing`: ad platforms (Meta, Google, TikTok) learn which ads led to a lead or a sale, from the
 *   browser and from our server, and a flow's follow-up e-mails to a visitor who left before buying.
 */
/** @public the purposes in their order (the other parts of issue 28 read them). */
export const CONSENT_PURPOSES = ["analytics", "marketing"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** What the visitor chose, as the banner, the privacy page and the API send it. */
export type ConsentChoice = { analytics: boolean; marketing: boolean };
/** A choice with the moment it was made (ISO date-time): kept in the cookie, on the quiz session and on the account. */
export type ConsentRecord = ConsentChoice & { decided_at: string };

/** The cookie that keeps the choice (not httpOnly: the page reads it before it loads any tag). */
export const CONSENT_COOKIE = "pw_consent";
/** Six months, after which the banner asks again (the CNIL's guidance on how long a choice is kept). */
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 183 * 24 * 60 * 60;
/** The window event the page fires when the visitor changes their choice (detail: ConsentRecord). */
export const CONSENT_CHANGE_EVENT = "pw:consent";

/** The cookie's value: `1.<analytics 0|1>.<marketing 0|1>.<decided_at in Unix seconds>`. */
export function consentCookieValue(record: ConsentRecord): string {
  const seconds = Math.floor(Date.parse(record.decided_at) / 1000);
  return `1.${record.analytics ? 1 : 0}.${record.marketing ? 1 : 0}.${seconds}`;
}

const COOKIE_VALUE = /^1\.([01])\.([01])\.(\d{9,11})$/;

/** The choice a cookie value holds, or null when there is none or it is not one we wrote. */
export function parseConsentCookieValue(value: string | undefined | null): ConsentRecord | null {
  const match = value ? COOKIE_VALUE.exec(value) : null;
  if (!match) return null;
  return { analytics: match[1] === "1", marketing: match[2] === "1", decided_at: new Date(Number(match[3]) * 1000).toISOString() };
}

/** The choice in a `Cookie` header or `document.cookie`, or null when the visitor has not chosen. */
export function readConsentCookie(cookies: string | undefined | null): ConsentRecord | null {
  for (const part of (cookies ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === CONSENT_COOKIE) return parseConsentCookieValue(decodeURIComponent(rest.join("=")));
  }
  return null;
}

/** Whether a choice allows a purpose: never without a choice. */
export function consentAllows(record: ConsentRecord | null | undefined, purpose: ConsentPurpose): boolean {
  return record?.[purpose] === true;
}
