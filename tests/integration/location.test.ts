import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

let plain: TestApp;
let cdn: TestApp;

beforeAll(async () => {
  plain = await createTestApp();
  cdn = await createTestApp({ env: { GEO_COUNTRY_HEADER: "cf-ipcountry" } });
});
afterAll(async () => {
  await plain.close();
  await cdn.close();
  await closeSharedDatabase();
});

async function locate(app: TestApp, headers: Record<string, string>) {
  const res = await client(app.app, "198.18.1.1").get("/api/location", headers);
  expect(res.statusCode).toBe(200);
  return res;
}

describe("GET /api/location with GEO_COUNTRY_HEADER=cf-ipcountry", () => {
  it("takes the country from the CDN header: de → DE, EUR, source cdn, ahead of Accept-Language", async () => {
    const res = await locate(cdn, { "cf-ipcountry": "de", "accept-language": "en-GB,en;q=0.9" });
    expect(res.json()).toEqual({ data: { country: "DE", currency: "EUR", source: "cdn" } });
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it.each([
    ["GB", "GBP"],
    ["us", "USD"],
    ["CA", "CAD"],
    ["au", "AUD"],
    ["FR", "EUR"],
    ["JP", "USD"],
    ["XK", "USD"],
  ])("cf-ipcountry %s → currency %s", async (header, currency) => {
    const res = await locate(cdn, { "cf-ipcountry": header });
    expect(res.json().data).toEqual({ country: header.toUpperCase(), currency, source: "cdn" });
  });

  it.each(["XX", "T1", "germany", "", "D", "ZZ", "EU", "UN", "XA"])("ignores the invalid header value %j and falls back to Accept-Language", async (value) => {
    const res = await locate(cdn, { "cf-ipcountry": value, "accept-language": "en-GB,en;q=0.9" });
    expect(res.json().data).toEqual({ country: "GB", currency: "GBP", source: "accept-language" });
  });

  it("answers unknown for an invalid header value and no Accept-Language", async () => {
    expect((await locate(cdn, { "cf-ipcountry": "XX" })).json().data).toEqual({ country: null, currency: "USD", source: null });
  });
});

describe("GET /api/location from Accept-Language", () => {
  it("en-GB,en;q=0.9 → GB, GBP", async () => {
    const res = await locate(plain, { "accept-language": "en-GB,en;q=0.9" });
    expect(res.json()).toEqual({ data: { country: "GB", currency: "GBP", source: "accept-language" } });
    expect(res.headers.vary).toMatch(/accept-language/i);
  });

  it.each([
    ["fr;q=0.5, en-US", "US", "USD"],
    ["fr-FR;q=0.5, en-US", "US", "USD"],
    ["en-US;q=0.3, de-DE;q=0.8, fr-CA;q=0.5", "DE", "EUR"],
    ["fr-CA;q=0, en-AU", "AU", "AUD"],
    ["de, fr-CH;q=0.9", "CH", "USD"],
    ["zh-Hant-TW", "TW", "USD"],
  ])("%s → %s (quality order, tags without a region skipped)", async (header, country, currency) => {
    const res = await locate(plain, { "accept-language": header });
    expect(res.json().data).toEqual({ country, currency, source: "accept-language" });
  });

  it.each(["en", "*", "en-XX", "es-419", "garbage;;;,,"])("answers unknown for %j", async (header) => {
    expect((await locate(plain, { "accept-language": header })).json().data).toEqual({ country: null, currency: "USD", source: null });
  });

  it("with no header answers country null, currency USD, source null", async () => {
    expect((await locate(plain, {})).json()).toEqual({ data: { country: null, currency: "USD", source: null } });
  });

  it("ignores a CDN header when GEO_COUNTRY_HEADER is not configured", async () => {
    expect((await locate(plain, { "cf-ipcountry": "de" })).json().data).toEqual({ country: null, currency: "USD", source: null });
    expect((await locate(plain, { "cf-ipcountry": "de", "accept-language": "en-GB" })).json().data).toEqual({
      country: "GB",
      currency: "GBP",
      source: "accept-language",
    });
  });
});
