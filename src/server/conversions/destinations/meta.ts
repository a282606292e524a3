import { CONVERSION_EVENTS } from "#schemas/conversions/events.ts";
import type { ConversionEvent } from "../conversion-event.ts";
import { compact, type Connection, type Destination } from "./destination.ts";

type MetaConfig = { baseUrl: string; pixelId: string; token: string; testEventCode: string | undefined };

/** The event as the Conversions API takes it (developers.facebook.com/docs/marketing-api/conversions-api/parameters/server-event). */
function metaEvent(event: ConversionEvent) {
  const u = event.user;
  return {
    event_name: CONVERSION_EVENTS[event.kind].meta,
    event_time: event.eventTime,
    event_id: event.eventId,
    action_source: "website",
    event_source_url: event.sourceUrl,
    user_data: compact({
      em: u.emailSha256 ? [u.emailSha256] : null,
      external_id: u.externalIdSha256 ? [u.externalIdSha256] : null,
      fbp: u.fbp,
      fbc: u.fbc,
      client_ip_address: u.clientIp,
      client_user_agent: u.userAgent,
    }),
    ...(event.value === null ? {} : { custom_data: compact({ value: event.value, currency: event.currency, order_id: event.orderId }) }),
  };
}

const connection = (c: MetaConfig): Connection => ({
  request: (event) => ({
    url: `${c.baseUrl}/${encodeURIComponent(c.pixelId)}/events`,
    headers: { "content-type": "application/json" },
    body: { data: [metaEvent(event)], ...(c.testEventCode ? { test_event_code: c.testEventCode } : {}), access_token: c.token },
  }),
});

/** Meta Conversions API: `POST <META_API_URL>/<META_PIXEL_ID>/events`. */
export const meta: Destination = {
  label: "meta",
  title: "Meta Conversions API",
  requires: ["META_PIXEL_ID", "META_CAPI_TOKEN"],
  takes: (kind) => CONVERSION_EVENTS[kind].server && CONVERSION_EVENTS[kind].meta !== null,
  connect: (env) =>
    env.META_PIXEL_ID && env.META_CAPI_TOKEN
      ? connection({ baseUrl: env.META_API_URL, pixelId: env.META_PIXEL_ID, token: env.META_CAPI_TOKEN, testEventCode: env.META_TEST_EVENT_CODE })
      : null,
  preview: (env) =>
    connection({
      baseUrl: env.META_API_URL,
      pixelId: env.META_PIXEL_ID ?? "META_PIXEL_ID",
      token: "META_CAPI_TOKEN",
      testEventCode: env.META_TEST_EVENT_CODE,
    }),
  test: (env) => {
    const live = meta.connect(env);
    if (!live) return { refused: "Meta is not configured: set META_PIXEL_ID and META_CAPI_TOKEN" };
    if (!env.META_TEST_EVENT_CODE) {
      return {
        refused:
          "Set META_TEST_EVENT_CODE (Events Manager → Test events) to send a test: without it the test event would land in Meta's live data and count as a real lead",
      };
    }
    return { connection: live };
  },
};
