import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyer, checkout, deliver, fulfilmentOf, maxPay, paymentFor, paymentsTestApp } from "../helpers/payments.ts";
import { closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

/**
 * The development sandbox's pages post HTML forms that pay, refund and fail payments. A page on
 * another site must not be able to post them (a developer's browser visiting it would refund any
 * order): the whole /sandbox area has the Origin check every /api write has (ADR 051), so an action
 * added to it later has it too. Its writes are read from the app's routes, not listed here.
 */
let t: TestApp;
let orderId: string;
let subscriptionId: string;
let visitorCookie: string;

beforeAll(async () => {
  t = await paymentsTestApp();
  const b = await buyer(t, "sandbox-origin@example.com");
  ({ orderId } = await checkout(b, "month_1"));
  expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
  subscriptionId = (await fulfilmentOf(t, orderId)).subscriptions[0]!.id;
  visitorCookie = `vid=${b.browser.cookies.get("vid")}`;
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

/** Every route under `prefix` with a method other than GET or HEAD, from Fastify's route tree. */
function writesUnder(prefix: string): string[] {
  const parents: string[] = [];
  const writes: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = `${parents[depth - 1] ?? ""}${match[2]}`;
    parents.length = depth;
    parents[depth] = path;
    const methods = match[3]?.split(", ") ?? [];
    if (path.startsWith(prefix) && methods.some((m) => m !== "GET" && m !== "HEAD")) writes.push(path);
  }
  return writes;
}

const form = (url: string, headers: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: new URLSearchParams({ order_id: orderId, subscription_id: subscriptionId, outcome: "approve" }).toString(),
  });

describe("the sandbox's forms", () => {
  const writes = () => writesUnder("/sandbox");

  it("are all found: the checkout buttons of each provider and the console's actions", () => {
    expect(writes()).toEqual(expect.arrayContaining(["/sandbox/payments/refund", "/sandbox/payments/fail-next-renewal", "/sandbox/max_pay/checkout"]));
  });

  it("refuse a post from another site (foreign Origin, a cross-site fetch, a cookie without Origin) and change nothing", async () => {
    const crossSite: Record<string, string>[] = [
      { origin: "https://attacker.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { cookie: visitorCookie },
    ];
    for (const url of writes()) {
      for (const headers of crossSite) {
        const res = await form(url, headers);
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json().error.code).toBe("forbidden_origin");
      }
    }
    const after = await fulfilmentOf(t, orderId);
    expect(after.status).toBe("paid");
    expect(after.subscriptions[0]!.status).toBe("active");
    expect(t.app.subscriptionProvider.failsNextRenewal(subscriptionId)).toBe(false);
  });

  it("still work from the sandbox's own pages", async () => {
    const res = await form("/sandbox/payments/fail-next-renewal", { origin: t.origin, cookie: visitorCookie, "sec-fetch-site": "same-origin" });
    expect(res.statusCode).toBe(200);
    expect(t.app.subscriptionProvider.failsNextRenewal(subscriptionId)).toBe(true);
  });
});
