import { z } from "zod";
import { CONVERSION_EVENTS, WEBHOOK_KINDS } from "../conversions/events.ts";

/**
 * Staff webhook endpoints in the growth console (/admin/webhooks, ADR 061): the team's own systems
 * that receive the server's conversion events, signed per Standard Webhooks, with a delivery log.
 */

/** The longest endpoint address and description the console takes. */
export const WEBHOOK_LIMITS = { url: 2000, description: 200, deliveries: 50 } as const;

/** Each kind an endpoint may ask for with the `type` its receiver sees (`purchase.completed`…), from the one vocabulary. */
export const WEBHOOK_TYPES = WEBHOOK_KINDS.map((kind) => ({ kind, type: CONVERSION_EVENTS[kind].webhook }));

const webhookUrl = z
  .url({ protocol: /^https?$/, error: "must be a full http:// or https:// address" })
  .max(WEBHOOK_LIMITS.url)
  .describe("Where the events are POSTed. https only in production; http is allowed in development and tests, for a local receiver");

/**
 * Why an endpoint's address is refused where the app runs, or null: production takes https only;
 * development and tests also take http, so a receiver on the same machine works.
 */
export function endpointUrlRefusal(url: string, nodeEnv: "development" | "production" | "test"): string | null {
  return nodeEnv === "production" && new URL(url).protocol !== "https:" ? "must be an https:// address (http:// is for a local receiver in development)" : null;
}

export const webhookCreateBody = z.strictObject({
  url: webhookUrl,
  events: z
    .array(z.enum(WEBHOOK_KINDS))
    .min(1, "choose at least one event")
    .max(WEBHOOK_KINDS.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, "names an event twice")
    .describe(`The kinds it receives: ${WEBHOOK_KINDS.join(", ")}`),
  description: z.string().trim().max(WEBHOOK_LIMITS.description).optional().describe("What the endpoint is, for the team"),
});
export type WebhookCreateBody = z.infer<typeof webhookCreateBody>;

export const webhookEnabledBody = z.strictObject({ enabled: z.boolean().describe("False: the endpoint is sent nothing new") });

export const webhookParams = z.strictObject({ id: z.uuid() });
export const webhookDeliveryParams = z.strictObject({ id: z.uuid(), deliveryId: z.uuid() });

/** The empty body of "Delete" and "Send again". */
export const webhookEmptyBody = z.strictObject({});

const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_KINDS)),
  description: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: z.string().describe("ISO 8601"),
  hasSecret: z.literal(true).describe("The secret is shown once, when the endpoint is made"),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookList = z.object({ data: z.array(webhookEndpoint) });
export const webhookOne = z.object({ data: webhookEndpoint });
export const webhookCreated = z.object({
  data: webhookEndpoint.extend({ secret: z.string().describe("The signing secret (whsec_…): answered this once only") }),
});
export type WebhookCreated = z.infer<typeof webhookCreated>["data"];
export const webhookDeleted = z.object({
  data: z.object({ id: z.string(), cancelled: z.number().int().describe("Deliveries still queued that were cancelled") }),
});

const webhookDelivery = z.object({
  id: z.string(),
  eventId: z.string().describe("Also the webhook-id header"),
  kind: z.enum(WEBHOOK_KINDS),
  status: z.enum(["queued", "sent", "failed", "cancelled"]),
  attempts: z.number().int().describe("Every attempt, those before a Send again included"),
  lastStatus: z.number().int().nullable().describe("The receiver's HTTP status at the last attempt"),
  lastError: z.string().nullable().describe("The receiver's answer when it refused or failed"),
  createdAt: z.string().describe("When the event was queued (ISO 8601)"),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable().describe("When a queued delivery is tried next"),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveries = z.object({ data: z.array(webhookDelivery) });
export const webhookDeliveryOne = z.object({ data: webhookDelivery });
