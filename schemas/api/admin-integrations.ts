import { z } from "zod";
import { CONVERSION_KINDS } from "#schemas/conversions/events.ts";
import { envelope } from "./envelope.ts";

/**
 * /admin/integrations (ADR 062, docs/admin.md): every place conversion events go — the ad platforms of
 * the destination registry and any other destination the outbox holds rows for (a staff webhook
 * endpoint) — with what was sent, what failed and a test button.
 */

/** The states of a row of `conversion_outbox` (ADR 056), in the order the console lists them. */
export const DELIVERY_STATUSES = ["sent", "queued", "failed", "cancelled", "preview"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** How many days of deliveries the page counts, today included. */
export const INTEGRATION_DAYS = 14;
/** How many of the latest deliveries (and of the latest failures) it lists. */
export const INTEGRATION_LATEST = 20;

/** What each status means, in the console's words. */
const DELIVERY_STATUS_MEANING: Record<DeliveryStatus, string> = {
  sent: "delivered: the platform answered 2xx",
  queued: "waiting: not delivered yet, to be tried (again)",
  failed: "refused by the platform, or no answer after every attempt",
  cancelled: "not sent: the account was deleted before delivery",
  preview: "kept for /dev/conversions in development, never sent",
};

/** Rows of the outbox by status. */
export const statusCounts = z.object(
  Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, z.number().int().describe(DELIVERY_STATUS_MEANING[s])])) as Record<DeliveryStatus, z.ZodNumber>,
);
export type StatusCounts = z.infer<typeof statusCounts>;

/** One row of the outbox: one event for one destination. */
const delivery = z.object({
  id: z.string(),
  queuedAt: z.string().describe("When the event was queued (ISO 8601)"),
  sentAt: z.string().nullable(),
  kind: z.enum(CONVERSION_KINDS),
  eventId: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  httpStatus: z.number().int().nullable().describe("The platform's HTTP status at the last attempt"),
  message: z.string().nullable().describe("The platform's message when it refused the event or the attempt failed"),
});
export type Delivery = z.infer<typeof delivery>;

const integration = z.object({
  key: z.string().describe("The destination's name in the outbox (`meta`, `ga4`, `tiktok`, `webhook:<id>`…)"),
  title: z.string(),
  inRegistry: z.boolean().describe("False for a destination known only from its rows in the outbox"),
  mode: z
    .enum(["sending", "preview", "off"])
    .nullable()
    .describe("preview: development without credentials, events kept for /dev/conversions and never sent; null for a destination known only from the outbox"),
  missing: z.array(z.string()).describe("The variables it needs that are not set (names only)"),
  test: z
    .object({ ready: z.boolean(), problem: z.string().nullable() })
    .nullable()
    .describe("Whether the test button can send now, and why not; null for a destination without a test"),
  days: z
    .array(statusCounts.extend({ day: z.string().describe("YYYY-MM-DD, UTC") }))
    .describe(`The last ${INTEGRATION_DAYS} days, oldest first, by the day queued`),
  failed: z.number().int().describe("Failed rows, all time"),
  failures: z.array(delivery).describe(`The latest ${INTEGRATION_LATEST} failed rows`),
  latest: z.array(delivery).describe(`The latest ${INTEGRATION_LATEST} rows of any status`),
});
export type Integration = z.infer<typeof integration>;

export const integrationsResponse = envelope(z.array(integration));

/** The test button sends nothing but its click. */
export const testEventBody = z.strictObject({});

export const integrationParams = z.strictObject({ destination: z.string().regex(/^[a-z][a-z0-9_:-]{1,80}$/) });

const testSent = z.object({
  destination: z.string(),
  eventId: z.string().describe("The test event's id (conversionEventId of a lead keyed `test-…`)"),
  httpStatus: z.number().int().nullable(),
  accepted: z.boolean().describe("A 2xx the platform did not refuse, and for GA4 no validation message"),
  findings: z.array(z.string()).describe("What the platform said about the event (GA4's validation messages, TikTok's or Meta's error)"),
  answer: z.string().describe("The platform's answer as it came (at most 2,000 characters), or why there was none"),
});
export type TestSent = z.infer<typeof testSent>;
export const testSentResponse = envelope(testSent);
