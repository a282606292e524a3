import { Webhook } from "standardwebhooks";
import { CONVERSION_EVENTS } from "#schemas/conversions/events.ts";
import type { webhookEndpoints } from "#server/db/schema.ts";
import type { ConversionEvent } from "../conversion-event.ts";
import type { Connection, Destination } from "./destination.ts";

type Endpoint = Pick<typeof webhookEndpoints.$inferSelect, "id" | "url" | "secret" | "events">;

const PREFIX = "webhook:";

/** The outbox's name for an endpoint's deliveries: `webhook:<endpoint id>`. */
export const webhookLabel = (endpointId: string) => `${PREFIX}${endpointId}`;

/** The endpoint id of a `webhook:<id>` destination, or null for an ad platform. */
export const webhookEndpointId = (label: string) => (label.startsWith(PREFIX) ? label.slice(PREFIX.length) : null);

/**
 * The body a receiver gets (Standard Webhooks: `type`, `timestamp`, `data`). `data` carries what the
 * team's systems join on — ids, amounts, funnel and UTM — and nothing personal (ADR 061).
 */
function webhookPayload(event: ConversionEvent) {
  return {
    type: CONVERSION_EVENTS[event.kind].webhook,
    timestamp: new Date(event.eventTime * 1000).toISOString(),
    data: {
      event_id: event.eventId,
      kind: event.kind,
      order_id: event.orderId,
      value: event.value,
      currency: event.currency,
      customer_id: event.origin?.customerId ?? null,
      flow_code: event.origin?.flowCode ?? null,
      utm_source: event.origin?.utmSource ?? null,
      utm_medium: event.origin?.utmMedium ?? null,
      utm_campaign: event.origin?.utmCampaign ?? null,
    },
  };
}

/**
 * Signed with the standardwebhooks library: `webhook-id` is the event id (the same on every attempt
 * and every "Send again", so a receiver recognises a repeat), `webhook-timestamp` the attempt's time.
 */
const connection = (endpoint: Endpoint, now: () => Date): Connection => ({
  request: (event) => {
    const body = JSON.stringify(webhookPayload(event));
    const at = now();
    return {
      url: endpoint.url,
      headers: {
        "content-type": "application/json",
        "webhook-id": event.eventId,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": new Webhook(endpoint.secret).sign(event.eventId, at, body),
      },
      body,
    };
  },
});

/** A staff webhook endpoint as a destination (ADR 061): its connection is its row's URL and secret, not the environment. */
export function webhookDestination(endpoint: Endpoint, now: () => Date = () => new Date()): { destination: Destination; connection: Connection } {
  const bound = connection(endpoint, now);
  return {
    destination: {
      label: webhookLabel(endpoint.id),
      title: `Webhook ${endpoint.url}`,
      // Its address and secret are its row's, not variables.
      requires: [],
      takes: (kind) => (endpoint.events as string[]).includes(kind),
      connect: () => bound,
      preview: () => bound,
      test: () => ({ refused: "A webhook endpoint has no test channel: use Send again on one of its deliveries (/admin/webhooks)." }),
    },
    connection: bound,
  };
}
