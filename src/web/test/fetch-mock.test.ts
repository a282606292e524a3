import { describe, expect, it } from "vitest";
import { checkUnhandledFetches, mockFetch, notFound, ok } from "./fetch-mock.ts";

describe("mockFetch answers only what the test listed", () => {
  it("answers a listed call and a listed 404", async () => {
    mockFetch({ "GET /orders": ok([]), ...notFound("GET /customer/billing") });
    expect(await (await fetch("/api/orders?page=2")).json()).toEqual({ data: [] });
    expect((await fetch("/api/customer/billing")).status).toBe(404);
    expect(checkUnhandledFetches).not.toThrow();
  });

  it("rejects a call nobody listed, naming its method and URL, and fails the test after it even if the page caught it", async () => {
    mockFetch({ "GET /orders": ok([]) });
    await expect(fetch("/api/customer/settings?x=1", { method: "POST", body: "{}" })).rejects.toThrow(
      'mockFetch: POST /api/customer/settings?x=1 was not expected; list "POST /customer/settings" in the test\'s mockFetch table',
    );
    expect(checkUnhandledFetches).toThrow("fetch calls no mockFetch table listed:\n  - POST /api/customer/settings?x=1");
    // Reported once: the next test starts clean.
    expect(checkUnhandledFetches).not.toThrow();
  });
});
