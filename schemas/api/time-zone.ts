import { z } from "zod";
import { canonicalTimeZone } from "../content/time-zone.ts";

/**
 * The customer's IANA time zone as the browser reports it (`Intl.DateTimeFormat().resolvedOptions().timeZone`),
 * checked against the server's time zone data and kept in its canonical spelling. E-mails write
 * dates and times in it and name it.
 */
export const timeZoneField = z
  .string()
  .trim()
  .max(64)
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (zone) return zone;
    ctx.addIssue({ code: "custom", message: "must be an IANA time zone such as Europe/Berlin" });
    return z.NEVER;
  })
  .describe("IANA time zone of the browser, e.g. America/New_York");

export const timeZoneBody = z.strictObject({ time_zone: timeZoneField });
export const timeZoneResponseData = z.object({ time_zone: z.string() });
