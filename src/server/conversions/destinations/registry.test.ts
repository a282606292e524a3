import { describe, expect, it } from "vitest";
import { readEnv, type Env } from "#server/env.ts";
import type { ConversionEvent } from "../conversion-event.ts";
import { missingVariables } from "./destination.ts";
import { DESTINATIONS } from "./registry.ts";

const CREDENTIALS = {
  META_PIXEL_ID: "123456789012345",
  META_CAPI_TOKEN: "meta-token",
  GA4_MEASUREMENT_ID: "G-TEST1234",
  GA4_API_SECRET: "ga4-secret",
  TIKTOK_PIXEL_ID: "C4TESTPIXEL1234567",
  TIKTOK_ACCESS_TOKEN: "tiktok-token",
};

function envOf(vars: Record<string, string>): Env {
  const parsed = readEnv({ NODE_ENV: "test", ...vars });
  if (!parsed.ok) throw new Error(parsed.problems.join("; "));
  return parsed.env;
}

const lead: ConversionEvent = {
  kind: "lead",
  eventId: "lead_test-1",
  eventTime: 1_764_500_000,
  sourceUrl: "https://example.org/",
  value: null,
  currency: null,
  orderId: null,
  user: { emailSha256: null, externalIdSha256: null, clientIp: "192.0.2.1", userAgent: "UA", fbp: null, fbc: null, gaClientId: "1.2", ttclid: null },
};

describe("the destinations' configuration, as the console shows it (ADR 062)", () => {
  it.each(Object.values(DESTINATIONS))("$label is connected exactly when none of the variables it names is missing", (destination) => {
    const all = envOf(CREDENTIALS);
    expect(missingVariables(destination, all)).toEqual([]);
    expect(destination.connect(all)).not.toBeNull();
    for (const name of destination.requires) {
      const env: Env = { ...all, [name]: undefined };
      expect(missingVariables(destination, env)).toEqual([name]);
      expect(destination.connect(env)).toBeNull();
    }
  });

  it("Meta sends a test only with META_TEST_EVENT_CODE, and then carries it", () => {
    const refused = DESTINATIONS.meta!.test(envOf(CREDENTIALS));
    expect(refused).toEqual({ refused: expect.stringContaining("META_TEST_EVENT_CODE") });
    const test = DESTINATIONS.meta!.test(envOf({ ...CREDENTIALS, META_TEST_EVENT_CODE: "TEST123" }));
    if (!("connection" in test)) throw new Error(test.refused);
    expect(test.connection.request(lead).body).toMatchObject({ test_event_code: "TEST123" });
  });

  it("GA4's test goes to the validation server and reads its messages; its live sends do not", () => {
    const env = envOf(CREDENTIALS);
    const test = DESTINATIONS.ga4!.test(env);
    if (!("connection" in test)) throw new Error(test.refused);
    expect(new URL(test.connection.request(lead).url).pathname).toBe("/debug/mp/collect");
    expect(new URL(DESTINATIONS.ga4!.connect(env)!.request(lead).url).pathname).toBe("/mp/collect");
    expect(test.connection.findings?.('{"validationMessages":[{"fieldPath":"client_id","description":"is required"}]}')).toEqual(["client_id: is required"]);
  });

  it("TikTok sends a test only with TIKTOK_TEST_EVENT_CODE; a live event never carries it", () => {
    expect(DESTINATIONS.tiktok!.test(envOf(CREDENTIALS))).toEqual({ refused: expect.stringContaining("TIKTOK_TEST_EVENT_CODE") });
    const env = envOf({ ...CREDENTIALS, TIKTOK_TEST_EVENT_CODE: "TEST999" });
    const test = DESTINATIONS.tiktok!.test(env);
    if (!("connection" in test)) throw new Error(test.refused);
    expect(test.connection.request(lead).body).toMatchObject({ test_event_code: "TEST999" });
    expect(DESTINATIONS.tiktok!.connect(env)!.request(lead).body).not.toHaveProperty("test_event_code");
  });
});
