import { z } from "zod";
import type { ConsentFlags } from "./consent-cookie.ts";

// The cookie, the change event and `consentAllows` live in a zod-free module the first screen can
// load (ADR 057: the page reads the choice before any tag); they are part of this contract.
export {
  CONSENT_CHANGE_EVENT,
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE_SECONDS,
  consentAllows,
  consentCookieValue,
  parseConsentCookieValue,
  readConsentCookie,
} from "./consent-cookie.ts";

/**
 * A visitor's privacy choice (issue 28, ADR 055): what they allowed beyond the cookies the product
 * needs to work. Until they choose, and after "Decline all", both purposes are off: no third-party
 * script or request leaves the page and no marketing event is queued on the server.
 *
 * - `analytics`: our own measurement in third-party tools (the tag manager's analytics tags).
 * - `marketing`: ad platforms (Meta, Google, TikTok) learn which ads led to a lead or a sale, from the
 *   browser and from our server, and a flow's follow-up e-mails to a visitor who left before buying.
 */
export const CONSENT_PURPOSES = ["analytics", "marketing"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** What the visitor chose, as the banner, the privacy page and the API send it. */
export const consentChoice = z
  .object({
    analytics: z.boolean().describe("Analytics tools may run"),
    marketing: z.boolean().describe("Ad platforms may be told of leads and sales; follow-up e-mails may be sent"),
  })
  .strict();
export type ConsentChoice = z.infer<typeof consentChoice>;

/** A choice with the moment it was made: kept in the cookie, on the quiz session and on the account. */
export const consentRecord = consentChoice.extend({
  decided_at: z.iso.datetime({ offset: true }).describe("When the visitor made this choice"),
});
export type ConsentRecord = z.infer<typeof consentRecord>;

// The zod-free module's plain type is this schema's, exactly (a type error here when they part).
type Holds<T extends true> = T;
type _SameRecord = Holds<ConsentRecord extends ConsentFlags ? (ConsentFlags extends ConsentRecord ? true : false) : false>;
