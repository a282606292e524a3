import { z } from "zod";
import type { ConsentChoice, ConsentRecord } from "./consent-cookie.ts";

/**
 * A visitor's privacy choice (issue 28, ADR 055): what they allowed beyond the cookies the product
 * needs to work. Until they choose, and after "Decline all", both purposes are off: no third-party
 * script or request leaves the page and no marketing event is queued on the server. The purposes,
 * the cookie and the event are in ./consent-cookie.ts (zod-free, for the page's first bundle) and
 * re-exported here.
 */
export * from "./consent-cookie.ts";

/** What the visitor chose, as the banner, the privacy page and the API send it. */
export const consentChoice = z
  .object({
    analytics: z.boolean().describe("Analytics tools may run"),
    marketing: z.boolean().describe("Ad platforms may be told of leads and sales; follow-up e-mails may be sent"),
  })
  .strict() satisfies z.ZodType<ConsentChoice>;

/** A choice with the moment it was made: kept in the cookie, on the quiz session and on the account. */
export const consentRecord = consentChoice.extend({
  decided_at: z.iso.datetime({ offset: true }).describe("When the visitor made this choice"),
}) satisfies z.ZodType<ConsentRecord>;
