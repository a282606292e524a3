import { CONVERSION_EVENTS } from "#schemas/conversions/events.ts";
import type { Env } from "#server/env.ts";
import type { ConversionEvent } from "../conversion-event.ts";
import { compact, type Connection, type Destination } from "./destination.ts";

type Ga4Config = { baseUrl: string; measurementId: string; apiSecret: string; path: "/mp/collect" | "/debug/mp/collect" };

/** The validation server's answer: `{ validationMessages: [{ description, … }] }`, empty when the event is valid. */
function validationMessages(text: string): string[] {
  try {
    const body = JSON.parse(text) as { validationMessages?: { description?: unknown; fieldPath?: unknown }[] };
    return (body.validationMessages ?? []).map((m) => [m.fieldPath, m.description].filter((x) => typeof x === "string" && x).join(": "));
  } catch {
    return [];
  }
}

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
    url: `${c.baseUrl}${c.path}?measurement_id=${encodeURIComponent(c.measurementId)}&api_secret=${encodeURIComponent(c.apiSecret)}`,
    headers: { "content-type": "application/json" },
    body: ga4Body(event),
  }),
  findings: validationMessages,
});

const configOf = (env: Env, path: Ga4Config["path"]): Ga4Config | null =>
  env.GA4_MEASUREMENT_ID && env.GA4_API_SECRET
    ? { baseUrl: env.GA4_API_URL, measurementId: env.GA4_MEASUREMENT_ID, apiSecret: env.GA4_API_SECRET, path }
    : null;

/**
 * GA4 Measurement Protocol: `POST <GA4_API_URL>/mp/collect?measurement_id=…&api_secret=…`; a test
 * goes to the validation server, `<GA4_API_URL>/debug/mp/collect`, which checks the event and keeps nothing.
 */
export const ga4: Destination = {
  label: "ga4",
  title: "Google Analytics 4 (Measurement Protocol)",
  requires: ["GA4_MEASUREMENT_ID", "GA4_API_SECRET"],
  takes: (kind) => CONVERSION_EVENTS[kind].server,
  connect: (env) => {
    const config = configOf(env, "/mp/collect");
    return config ? connection(config) : null;
  },
  preview: (env) =>
    connection({ baseUrl: env.GA4_API_URL, measurementId: env.GA4_MEASUREMENT_ID ?? "GA4_MEASUREMENT_ID", apiSecret: "GA4_API_SECRET", path: "/mp/collect" }),
  test: (env) => {
    const config = configOf(env, "/debug/mp/collect");
    return config ? { connection: connection(config) } : { refused: "GA4 is not configured: set GA4_MEASUREMENT_ID and GA4_API_SECRET" };
  },
};
