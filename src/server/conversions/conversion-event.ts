import { createHash } from "node:crypto";
import { z } from "zod";
import { CONVERSION_KINDS } from "#schemas/conversions/events.ts";

/**
 * One conversion event as the outbox keeps it (ADR 056) and every destination reads it: no plain
 * e-mail (only its SHA-256), the id from `conversionEventId`, the time it happened. A destination
 * turns it into its platform's request when it sends, so a re-send carries the same body.
 */
export const conversionEvent = z.object({
  kind: z.enum(CONVERSION_KINDS),
  eventId: z.string().min(1),
  /** When it happened, Unix seconds. */
  eventTime: z.number().int(),
  /** The page it happened on, without its query. */
  sourceUrl: z.string(),
  /** Major units ("19.99" → 19.99); null for a lead. */
  value: z.number().nullable(),
  currency: z.string().nullable(),
  orderId: z.string().nullable(),
  user: z.object({
    /** SHA-256 of the trimmed, lower-cased e-mail. */
    emailSha256: z.string().nullable(),
    /** SHA-256 of our customer id. */
    externalIdSha256: z.string().nullable(),
    clientIp: z.string().nullable(),
    userAgent: z.string().nullable(),
    fbp: z.string().nullable(),
    /** The `_fbc` cookie, or `fb.1.<landing ms>.<fbclid>` built from the landing's fbclid. */
    fbc: z.string().nullable(),
    gaClientId: z.string(),
    ttclid: z.string().nullable(),
  }),
  /**
   * What the team's own systems read from a webhook (ADR 061): our customer id, the funnel and the
   * landing's UTM. Absent from events queued before webhooks existed.
   */
  origin: z
    .object({
      customerId: z.string(),
      flowCode: z.string().nullable(),
      utmSource: z.string().nullable(),
      utmMedium: z.string().nullable(),
      utmCampaign: z.string().nullable(),
    })
    .optional(),
});
export type ConversionEvent = z.infer<typeof conversionEvent>;

/**
 * The event as a webhook row keeps it: without the identifiers only an ad platform matches on
 * (hashed e-mail, IP, user agent, cookies, click ids), which a webhook never sends (ADR 061).
 */
export const withoutIdentifiers = (event: ConversionEvent): ConversionEvent => ({
  ...event,
  user: { emailSha256: null, externalIdSha256: null, clientIp: null, userAgent: null, fbp: null, fbc: null, gaClientId: "", ttclid: null },
});

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The platforms' normalisation of an e-mail before hashing: trimmed and lower-cased. */
export const hashedEmail = (email: string) => sha256(email.trim().toLowerCase());
