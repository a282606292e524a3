import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { catalogEntries, subscriptions } from "#server/db/schema.ts";
import { runRenewals } from "#server/payments/renewals/renewals.ts";
import { buyer, checkout, fulfilmentOf, orderRow, paymentsTestApp, receiptsTo } from "../helpers/payments.ts";
import { closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";
import { UNTIL_MS } from "../helpers/waits.ts";

let t: TestApp;
let n = 0;
const email = () => `sandbox${++n}@example.com`;

beforeAll(async () => {
  // The sandbox posts its notification to our own webhook over HTTP, so this app really listens.
  t = await paymentsTestApp({ listen: true });
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

const open = (url: URL) => t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
const press = (url: URL, outcome: string) =>
  t.app.inject({
    method: "POST",
    url: url.pathname,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ request: url.searchParams.toString(), outcome }).toString(),
  });

describe("max_pay sandbox checkout", () => {
  it("shows the order's real plan and amount with the three buttons", async () => {
    const b = await buyer(t, email());
    const { url, orderId } = await checkout(b, "month_1");
    const page = await open(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain("1 month");
    expect(page.body).toContain("US$19.99");
    expect(page.body).toContain(orderId);
    for (const label of ["Approve payment", "Decline payment", "Approve after a delay"]) expect(page.body).toContain(`>${label}</button>`);
  });

  it("refuses a checkout URL whose price was changed (the request signature no longer matches)", async () => {
    const b = await buyer(t, email());
    const { url } = await checkout(b, "month_1");
    const tampered = new URL(url);
    tampered.searchParams.set("customproduct", url.searchParams.get("customproduct")!.replace("19.99", "0.99"));
    const page = await open(tampered);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain("signature does not match");
    expect((await press(tampered, "approve")).statusCode).toBe(400);
  });

  it("Approve: the signed callback reaches our webhook over HTTP, the order is paid, the visitor goes back to /order-redirect", async () => {
    const b = await buyer(t, email());
    const { url, orderId } = await checkout(b, "trial_7d");
    const res = await press(url, "approve");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${t.origin}/order-redirect?order_id=${orderId}`);
    const done = await fulfilmentOf(t, orderId);
    expect(done.status).toBe("paid");
    expect(done.subscriptions).toHaveLength(1);
    expect(done.entitlements).toHaveLength(1);
    expect(await receiptsTo(t, b.email)).toHaveLength(1);
    expect((await b.browser.get(`/api/orders/${orderId}`)).json<{ data: { status: string } }>().data.status).toBe("paid");
    // The page cannot be used to pay the same order again.
    expect((await open(url)).statusCode).toBe(400);
  });

  it("Decline: the order is declined; trying again on the same checkout can still pay it", async () => {
    const b = await buyer(t, email());
    const { url, orderId } = await checkout(b);
    const res = await press(url, "decline");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${t.origin}/order-redirect?order_id=${orderId}`);
    expect((await orderRow(t, orderId)).status).toBe("declined");
    expect(await receiptsTo(t, b.email)).toHaveLength(0);
    expect((await press(url, "approve")).statusCode).toBe(303);
    expect((await orderRow(t, orderId)).status).toBe("paid");
  });

  it("Approve after a delay: back at once with the order pending, paid about 3 s later", async () => {
    const b = await buyer(t, email());
    const { url, orderId } = await checkout(b);
    const res = await press(url, "approve_later");
    expect(res.statusCode).toBe(303);
    expect((await orderRow(t, orderId)).status).toBe("pending");
    await vi.waitFor(async () => expect((await orderRow(t, orderId)).status).toBe("paid"), { timeout: UNTIL_MS, interval: 200 });
  });

  it("an unknown button or an empty form is a 400 page, not a 500", async () => {
    const b = await buyer(t, email());
    const { url } = await checkout(b);
    expect((await press(url, "refund_everything")).statusCode).toBe(400);
    const empty = await t.app.inject({
      method: "POST",
      url: "/sandbox/max_pay/checkout",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe("pay_pro sandbox checkout", () => {
  it("Approve sends a test-mode IPN (HASH = MD5('1'), SIGNATURE with the validation key) that pays the order", async () => {
    const set = (text: string) => t.db.update(catalogEntries).set({ text }).where(eq(catalogEntries.code, "pay_system"));
    await set("<p>pay_pro</p>");
    try {
      const b = await buyer(t, email());
      const { url, orderId } = await checkout(b, "quarter_3", { currency: "GBP" });
      const page = await open(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("PayPro Global test checkout");
      expect(page.body).toContain("£39.99");
      const res = await press(url, "approve");
      expect(res.statusCode).toBe(303);
      const done = await fulfilmentOf(t, orderId);
      expect(done.status).toBe("paid");
      expect(done.events[0]).toMatchObject({ provider: "pay_pro", status: "processed" });
      expect(done.subscriptions[0]).toMatchObject({ provider: "pay_pro", currency: "GBP", renewalAmount: 3999 });
    } finally {
      await set("<p>max_pay</p>");
    }
  });
});

describe("/sandbox/payments: the provider's console in the sandbox", () => {
  const form = (path: string, fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: `/sandbox/payments/${path}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(fields).toString(),
    });

  it("lists paid payments; 'Refund this payment' sends the signed refund notification: the order is refunded, the plan ends, the report is taken back", async () => {
    const b = await buyer(t, email());
    const { url, orderId } = await checkout(b, "month_1");
    expect((await press(url, "approve")).statusCode).toBe(303);
    const page = await t.app.inject({ method: "GET", url: "/sandbox/payments" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(b.email);
    expect(page.body).toContain(`name="order_id" value="${orderId}"`);

    const refunded = await form("refund", { order_id: orderId });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.body).toContain("Refund notification sent");
    const after = await fulfilmentOf(t, orderId);
    expect(after.status).toBe("refunded");
    expect(after.entitlements).toHaveLength(0);
    expect(after.subscriptions[0]!.status).toBe("ended");
    expect((await orderRow(t, orderId)).refundedAt).not.toBeNull();
    // The payer is told once: what went back, and that the plan ended.
    const notices = (await t.outbox()).filter((m) => m.to.includes(b.email) && m.subject === "Your refund of US$19.99 is on its way");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain("Refunding the first payment ends the plan: you will not be charged again");
    expect(notices[0]!.text).toContain(`/account/profile/receipts/${orderId}`);
    // Refunded: no second button, and a second press changes nothing.
    expect((await t.app.inject({ method: "GET", url: "/sandbox/payments" })).body).not.toContain(`name="order_id" value="${orderId}"`);
    expect((await form("refund", { order_id: orderId })).statusCode).toBe(400);
    expect((await t.outbox()).filter((m) => m.to.includes(b.email) && m.subject.startsWith("Your refund"))).toHaveLength(1);
  });

  it("'Fail the next renewal' declines that subscription's next charge once: the renewal job marks it past due", async () => {
    const b = await buyer(t, email());
    const { url, orderId } = await checkout(b, "month_1");
    expect((await press(url, "approve")).statusCode).toBe(303);
    const [sub] = (await fulfilmentOf(t, orderId)).subscriptions;
    const marked = await form("fail-next-renewal", { subscription_id: sub!.id });
    expect(marked.statusCode).toBe(200);
    expect(marked.body).toContain("The next renewal will fail");

    t.clock.set(new Date(sub!.nextChargeAt!.getTime() + 60_000));
    await runRenewals(t.app, t.clock.now());
    const [declined] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(declined!.status).toBe("past_due");
    expect(declined!.failedAttempts).toBe(1);
    // Once: the retry is charged.
    t.clock.set(new Date(declined!.nextChargeAt!.getTime() + 60_000));
    await runRenewals(t.app, t.clock.now());
    const [retried] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(retried!.status).toBe("active");
    t.clock.reset();
  });

  it("refuses what is not a paid sandbox payment or a subscription, changing nothing", async () => {
    expect((await form("refund", { order_id: "not-a-uuid" })).statusCode).toBe(400);
    expect((await form("refund", { order_id: "00000000-0000-4000-8000-000000000000" })).statusCode).toBe(400);
    expect((await form("fail-next-renewal", {})).statusCode).toBe(400);
    expect((await form("fail-next-renewal", { subscription_id: "00000000-0000-4000-8000-000000000000" })).statusCode).toBe(400);
  });
});
