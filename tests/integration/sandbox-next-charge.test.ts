import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, subscriptions } from "#server/db/schema.ts";
import { buyer, checkout, nextIp, paymentsTestApp } from "../helpers/payments.ts";
import { client, closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

/**
 * Issue 27: renewals, reminders, failed renewals and ended plans can be walked now, in the sandbox
 * console, by bringing a subscription's next charge to a date (ADR 052). The renewal job then runs
 * as it would on that day; the customer gets the e-mails they would get.
 */
let t: TestApp;
let n = 0;
const email = () => `next-charge${++n}@example.com`;
const DAY = 86_400_000;

beforeAll(async () => {
  // The sandbox posts its notifications to our own webhook over HTTP, so this app really listens.
  t = await paymentsTestApp({ listen: true });
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

/** A form posted on the sandbox's pages, as the browser posts it from there. */
const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: t.origin, ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

/** The datetime-local value the console's field sends (UTC, minutes). */
const field = (d: Date) => d.toISOString().slice(0, 16);

/** A customer who paid a plan on the sandbox's checkout page; their subscription. */
async function subscriber(product: string) {
  const b = await buyer(t, email());
  const { url, orderId } = await checkout(b, product);
  const paid = await form(url.pathname, { request: url.searchParams.toString(), outcome: "approve" });
  expect(paid.statusCode, paid.body).toBe(303);
  const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
  return { ...b, sub: sub! };
}

const subNow = async (id: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const mailsTo = async (to: string) => (await t.outbox()).filter((m) => m.to.includes(to)).map((m) => m.subject);

describe("sandbox console: bring a subscription's next charge to a date", () => {
  it("a trial: two days ahead sends the reminder before the trial ends; now renews it, with the renewal's receipt", async () => {
    const s = await subscriber("trial_7d");
    const page = (await t.app.inject({ method: "GET", url: "/sandbox/payments" })).body;
    expect(page).toContain(`name="subscription_id" value="${s.sub.id}"`);
    expect(page).toContain("Bring the next charge to (UTC)");

    const inTwoDays = new Date(t.clock.now().getTime() + 2 * DAY);
    const reminded = await form("/sandbox/payments/bring-next-charge", { subscription_id: s.sub.id, at: field(inTwoDays) });
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(reminded.body).toContain("The next charge is now");
    expect((await subNow(s.sub.id)).nextChargeAt!.toISOString()).toBe(`${field(inTwoDays)}:00.000Z`);
    const reminders = (await mailsTo(s.email)).filter((subject) => subject.startsWith("Your trial ends on"));
    expect(reminders).toHaveLength(1);

    const renewed = await form("/sandbox/payments/bring-next-charge", { subscription_id: s.sub.id, now: "1" });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const after = await subNow(s.sub.id);
    expect(after).toMatchObject({ status: "active", failedAttempts: 0 });
    expect(after.nextChargeAt!.getTime()).toBeGreaterThan(t.clock.now().getTime() + 27 * DAY);
    const renewals = await t.db.select().from(orders).where(eq(orders.subscriptionId, s.sub.id));
    expect(renewals.filter((o) => o.kind === "renewal").map((o) => o.status)).toEqual(["paid"]);
    expect(await mailsTo(s.email)).toContain("Receipt: your 7-day trial plan is renewed");
  });

  it("with 'Fail the next renewal' first, now declines the renewal: past due, and the customer is told", async () => {
    const s = await subscriber("month_1");
    expect((await form("/sandbox/payments/fail-next-renewal", { subscription_id: s.sub.id })).statusCode).toBe(200);
    expect((await form("/sandbox/payments/bring-next-charge", { subscription_id: s.sub.id, now: "1" })).statusCode).toBe(200);
    const after = await subNow(s.sub.id);
    expect(after).toMatchObject({ status: "past_due", failedAttempts: 1 });
    expect(await mailsTo(s.email)).toContain("We could not renew your 1 month plan");
    // The retry can be brought to now as well: this time it goes through.
    expect((await form("/sandbox/payments/bring-next-charge", { subscription_id: s.sub.id, now: "1" })).statusCode).toBe(200);
    expect(await subNow(s.sub.id)).toMatchObject({ status: "active", failedAttempts: 0 });
  });

  it("a cancelled plan: bringing its end to now ends it, and the account's content locks", async () => {
    const s = await subscriber("month_1");
    const customer = client(t.app, nextIp(), t.origin);
    customer.cookie = `sid=${(await t.app.services.sessions.create(s.customerId)).token}`;
    expect((await customer.post("/api/subscription/cancel", { sub_id: s.sub.id })).statusCode).toBe(200);
    expect((await customer.get("/api/customer/paid-content")).json().data.has_access).toBe(true);
    expect((await t.app.inject({ method: "GET", url: "/sandbox/payments" })).body).toContain("Bring the end to (UTC)");
    const ended = await form("/sandbox/payments/bring-next-charge", { subscription_id: s.sub.id, now: "1" });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.body).toMatch(/The plan(&#39;|’|')s end is now/);
    expect((await subNow(s.sub.id)).status).toBe("ended");
    expect((await customer.get("/api/customer/paid-content")).json().data.has_access).toBe(false);
  });

  it("refuses what is not a date from now up to the present next charge, or a plan with nothing ahead: 4xx, nothing changed", async () => {
    const s = await subscriber("month_1");
    const before = await subNow(s.sub.id);
    const now = t.clock.now();
    const cases: [Record<string, string>, number, string][] = [
      [{ subscription_id: "not-a-uuid", now: "1" }, 400, "Choose a subscription."],
      [{ subscription_id: "00000000-0000-4000-8000-000000000000", now: "1" }, 400, "not a sandbox subscription"],
      [{ subscription_id: s.sub.id }, 400, "Give a date and time"],
      [{ subscription_id: s.sub.id, at: "tomorrow" }, 400, "YYYY-MM-DDTHH:MM"],
      [{ subscription_id: s.sub.id, at: "2027-02-30T10:00" }, 400, "YYYY-MM-DDTHH:MM"],
      [{ subscription_id: s.sub.id, at: "2027-01-10T24:00" }, 400, "YYYY-MM-DDTHH:MM"],
      [{ subscription_id: s.sub.id, now: "yes" }, 400, ""],
      [{ subscription_id: s.sub.id, at: field(new Date(now.getTime() - DAY)) }, 400, "in the past"],
      [{ subscription_id: s.sub.id, at: field(new Date(before.nextChargeAt!.getTime() + DAY)) }, 400, "Only earlier"],
    ];
    for (const [fields, status, says] of cases) {
      const res = await form("/sandbox/payments/bring-next-charge", fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.body).toContain(says);
    }
    expect(await subNow(s.sub.id)).toEqual(before);

    // An ended plan has nothing ahead.
    await t.db.update(subscriptions).set({ status: "ended", nextChargeAt: null }).where(eq(subscriptions.id, s.sub.id));
    expect((await form("/sandbox/payments/bring-next-charge", { subscription_id: s.sub.id, now: "1" })).statusCode).toBe(409);
  });

  it("is refused from another site, like every state-changing call (Origin check of the sandbox area)", async () => {
    const s = await subscriber("month_1");
    const before = await subNow(s.sub.id);
    const res = await form("/sandbox/payments/bring-next-charge", { subscription_id: s.sub.id, now: "1" }, { origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    expect(await subNow(s.sub.id)).toEqual(before);
  });
});

describe("the time control exists only where the sandbox does", () => {
  it.each([
    ["in production", { NODE_ENV: "production", APP_ORIGIN: "https://pathwise.example", SMTP_URL: "smtp://127.0.0.1:1" }],
    ["with both providers' live keys", {}],
  ])("%s: no such route, nothing changed", async (_, env) => {
    const s = await subscriber("month_1");
    const before = await subNow(s.sub.id);
    const other = await paymentsTestApp({
      database: t.database,
      env: {
        ...env,
        MAXPAY_PUBLIC_KEY: "pk_live_prod",
        MAXPAY_PRIVATE_KEY: "test-only-production-key",
        PAYPRO_SECRET_KEY: "live-secret",
        PAYPRO_VALIDATION_KEY: "live-validation",
      },
    });
    try {
      const res = await other.app.inject({
        method: "POST",
        url: "/sandbox/payments/bring-next-charge",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: other.origin },
        payload: new URLSearchParams({ subscription_id: s.sub.id, now: "1" }).toString(),
      });
      expect(res.statusCode).toBe(404);
      expect((await other.app.inject({ method: "GET", url: "/sandbox/payments" })).body).not.toContain("Bring the next charge");
      expect(await subNow(s.sub.id)).toEqual(before);
    } finally {
      await other.close();
    }
  });
});
