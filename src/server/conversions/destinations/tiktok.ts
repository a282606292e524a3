import { CONVERSION_EVENTS } from "#schemas/conversions/events.ts";
import type { ConversionEvent } from "../conversion-event.ts";
import { compact, type Connection, type Destination } from "./destination.ts";

type TikTokConfig = { baseUrl: string; pixelId: string; token: string; testEventCode?: string };

function tiktokBody(event: ConversionEvent, pixelId: string) {
  const u = event.user;
  return {
    event_source: "web",
    event_source_id: pixelId,
    data: [
      {
        event: CONVERSION_EVENTS[event.kind].tiktok,
        event_time: event.eventTime,
        event_id: event.eventId,
        user: compact({ email: u.emailSha256, external_id: u.externalIdSha256, ttclid: u.ttclid, ip: u.clientIp, user_agent: u.userAgent }),
        ...(event.value === null ? {} : { properties: compact({ value: event.value, currency: event.currency, order_id: event.orderId }) }),
        page: { url: event.sourceUrl },
      },
    ],
  };
}

/** TikTok answers HTTP 200 with `code` ≠ 0 when it refuses an event. */
function refusal(text: string): string | null {
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    return typeof body.code === "number" && body.code !== 0 ? `code ${body.code}: ${typeof body.message === "string" ? body.message : ""}`.trim() : null;
  } catch {
    return null;
  }
}

const connection = (c: TikTokConfig): Connection => ({
  request: (event) => ({
    url: `${c.baseUrl}/open_api/v1.3/event/track/`,
    headers: { "content-type": "application/json", "access-token": c.token },
    body: { ...tiktokBody(event, c.pixelId), ...(c.testEventCode ? { test_event_code: c.testEventCode } : {}) },
  }),
  refusal,
});

/** TikTok Events API 2.0: `POST <TIKTOK_API_URL>/open_api/v1.3/event/track/` with the `Access-Token` header. */
export const tiktok: Destination = {
  label: "tiktok",
  title: "TikTok Events API",
  requires: ["TIKTOK_PIXEL_ID", "TIKTOK_ACCESS_TOKEN"],
  takes: (kind) => CONVERSION_EVENTS[kind].server && CONVERSION_EVENTS[kind].tiktok !== null,
  connect: (env) =>
    env.TIKTOK_PIXEL_ID && env.TIKTOK_ACCESS_TOKEN
      ? connection({ baseUrl: env.TIKTOK_API_URL, pixelId: env.TIKTOK_PIXEL_ID, token: env.TIKTOK_ACCESS_TOKEN })
      : null,
  preview: (env) => connection({ baseUrl: env.TIKTOK_API_URL, pixelId: env.TIKTOK_PIXEL_ID ?? "TIKTOK_PIXEL_ID", token: "TIKTOK_ACCESS_TOKEN" }),
  test: (env) => {
    if (!env.TIKTOK_PIXEL_ID || !env.TIKTOK_ACCESS_TOKEN) return { refused: "TikTok is not configured: set TIKTOK_PIXEL_ID and TIKTOK_ACCESS_TOKEN" };
    if (!env.TIKTOK_TEST_EVENT_CODE) {
      return {
        refused:
          "TikTok cannot be sent a test event here: set TIKTOK_TEST_EVENT_CODE (Events Manager → Test events) so the test stays out of TikTok's live data",
      };
    }
    return {
      connection: connection({
        baseUrl: env.TIKTOK_API_URL,
        pixelId: env.TIKTOK_PIXEL_ID,
        token: env.TIKTOK_ACCESS_TOKEN,
        testEventCode: env.TIKTOK_TEST_EVENT_CODE,
      }),
    };
  },
};
