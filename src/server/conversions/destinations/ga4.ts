import { CONVERSION_EVENTS } from "#schemas/conversions/events.ts";
import type { ConversionEvent } from "../conversion-event.ts";
import { compact, type Connection, type Destination } from "./destination.ts";

type Ga4Config = { baseUrl: string; measurementId: string; apiSecret: string };

/** The Measurement Protocol's body: the browser's (or the server's) client id and one event. */
function ga4Body(event: ConversionEvent) {
  return {
    client_id: event.user.gaClientId,
    timestamp_micros: event.eventTime * 1_000_000,
    events: [
      {
        name: CONVERSION_EVENTS[event.kind].ga4,
        params: compact({ transaction_id: event.orderId, value: event.value, currency: event.currency, event_id: event.eventId }),
      },
    ],
  };
}

const connection = (c: Ga4Config): Connection => ({
  request: (event) => ({
    url: `${c.baseUrl}/mp/collect?measurement_id=${encodeURIComponent(c.measurementId)}&api_secret=${encodeURIComponent(c.apiSecret)}`,
    headers: { "content-type": "application/json" },
    body: ga4Body(event),
  }),
});

/** GA4 Measurement Protocol: `POST <GA4_API_URL>/mp/collect?measurement_id=…&api_secret=…`. */
export const ga4: Destination = {
  label: "ga4",
  takes: (kind) => CONVERSION_EVENTS[kind].server,
  connect: (env) =>
    env.GA4_MEASUREMENT_ID && env.GA4_API_SECRET
      ? connection({ baseUrl: env.GA4_API_URL, measurementId: env.GA4_MEASUREMENT_ID, apiSecret: env.GA4_API_SECRET })
      : null,
  preview: (env) => connection({ baseUrl: env.GA4_API_URL, measurementId: env.GA4_MEASUREMENT_ID ?? "GA4_MEASUREMENT_ID", apiSecret: "GA4_API_SECRET" }),
};
