import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { WebhookCreated, WebhookDelivery } from "#schemas/api/admin-webhooks.ts";
import { conversionEventId } from "#schemas/conversions/events.ts";
import { conversionOutbox, webhookEndpoints } from "#server/db/schema.ts";
import { deliver, maxPay, nextIp, paymentFor, paymentsTestApp } from "../helpers/payments.ts";
import { answerAll, startQuiz, type Browser } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, linkIn, type TestApp } from "../helpers/test-app.ts";
import { eventOf, startConversionReceiver, type ConversionReceiver } from "../helpers/conversion-receiver.ts";
import { loggedIn, staffAndCustomer } from "../helpers/console-users.ts";

/**
 * Issue 28, ADR 061: staff register the team's own endpoints; each event of a kind an endpoint asked
 * for reaches it once, signed per Standard Webhooks, through the conversion outbox. The receiver
 * verifies every signature with the standardwebhooks library, as the team's systems would.
 */

let t: TestApp;
let receiver: ConversionReceiver;
let staff: Browser;
let customer: Browser;
const OPERATOR = "an-operator-token-of-at-least-thirty-two-characters";

beforeAll(async () => {
  receiver = await startConversionReceiver();
  t = await paymentsTestApp({ operatorToken: OPERATOR, env: { ...receiver.env, CONVERSIONS_SEND_INTERVAL_SECONDS: "0" } });
  ({ staff, customer } = await staffAndCustomer(t, OPERATOR));
}, 180_000);

afterAll(async () => {
  await t.close();
  await receiver.close();
  await closeSharedDatabase();
});

beforeEach(async () => {
  receiver.clear();
  await t.db.delete(webhookEndpoints);
});

/** Registers an endpoint at the local receiver under `name`, which verifies with the secret the console showed once. */
async function register(name: string, events: string[]): Promise<WebhookCreated> {
  const res = await staff.post("/api/admin/webhooks", { url: `${receiver.url}/webhook/${name}`, events, description: `The ${name} system` });
  expect(res.statusCode, res.body).toBe(200);
  const created = res.json<{ data: WebhookCreated }>().data;
  receiver.webhook(name, created.secret);
  return created;
}

let buyers = 0;
/** A visitor from an ad who made no consent choice, gave an e-mail and paid in the sandbox for month_1. */
async function visitorWhoPays() {
  const browser = client(t.app, nextIp(), t.origin);
  const email = `webhook-buyer${++buyers}@example.org`;
  const session = await startQuiz(t, browser, {
    attribution: { utm: { utm_source: "facebook", utm_medium: "paid", utm_campaign: "burnout-dec" }, fbclid: "IwARx" },
  });
  await answerAll(t, browser, session.id, email);
  expect((await browser.post(`/api/quiz/sessions/${session.id}/complete`, {})).statusCode).toBe(200);
  const res = await browser.post("/api/checkout/start", { product_id: "month_1", session_id: session.id, currency: "USD" });
  expect(res.statusCode, res.body).toBe(200);
  const orderId = res.json<{ data: { order_id: string } }>().data.order_id;
  const n = maxPay(await paymentFor(t, orderId));
  expect((await deliver(t, n)).statusCode).toBe(200);
  expect((await deliver(t, n)).statusCode).toBe(200); // the provider's retry adds nothing
  await t.app.services.conversions.drain();
  return { sessionId: session.id, orderId, email };
}

const webhooksTo = (name: string) => receiver.received.filter((r) => r.platform === "webhook" && r.path === `/webhook/${name}`);

async function deliveries(endpointId: string): Promise<WebhookDelivery[]> {
  const res = await staff.get(`/api/admin/webhooks/${endpointId}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: WebhookDelivery[] }>().data;
}

const dueNow = () =>
  t.db
    .update(conversionOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(conversionOutbox.status, "queued"));
const endpointCount = async () => (await t.db.select({ n: count() }).from(webhookEndpoints))[0]!.n;

describe("registering an endpoint", () => {
  it("shows a whsec_ secret once; the list says only that one exists", async () => {
    const created = await register("crm", ["purchase"]);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await staff.get("/api/admin/webhooks");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: created.id, events: ["purchase"], hasSecret: true, enabled: true, description: "The crm system" }),
    ]);
  });

  it.each([
    ["an address that is not a URL", { url: "crm.example.org/hook", events: ["purchase"] }, "body.url"],
    ["an ftp:// address", { url: "ftp://crm.example.org/hook", events: ["purchase"] }, "body.url"],
    ["a kind only the browser sends", { url: "https://crm.example.org/hook", events: ["checkout_started"] }, "body.events.0"],
    ["an unknown kind", { url: "https://crm.example.org/hook", events: ["purchase", "sale"] }, "body.events.1"],
    ["no kind", { url: "https://crm.example.org/hook", events: [] }, "body.events"],
  ])("refuses %s with 400 and stores nothing", async (_name, body, path) => {
    const res = await staff.post("/api/admin/webhooks", body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect(await endpointCount()).toBe(0);
  });

  it("is the team's: an anonymous visitor gets 401, a customer 403, for every call, and nothing changes", async () => {
    const created = await register("crm", ["purchase"]);
    const calls = [
      ["GET", "/api/admin/webhooks"],
      ["POST", "/api/admin/webhooks", { url: "https://evil.example.org/hook", events: ["purchase"] }],
      ["POST", `/api/admin/webhooks/${created.id}/enabled`, { enabled: false }],
      ["POST", `/api/admin/webhooks/${created.id}/delete`, {}],
      ["GET", `/api/admin/webhooks/${created.id}/deliveries`],
    ] as const;
    for (const [who, browser, status] of [
      ["anonymous", client(t.app, nextIp(), t.origin), 401],
      ["customer", customer, 403],
    ] as const) {
      for (const [method, url, body] of calls) {
        const res = method === "GET" ? await browser.get(url) : await browser.post(url, body);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(status);
      }
    }
    const [row] = await t.db.select().from(webhookEndpoints);
    expect(row).toMatchObject({ id: created.id, enabled: true });
    expect(await endpointCount()).toBe(1);
  });
});

describe("delivery", () => {
  it("each event of a kind the endpoint asked for arrives once, signed, with no personal data; another kind does not", async () => {
    const sales = await register("sales", ["purchase", "trial_started"]);
    const leads = await register("leads", ["lead"]);
    const v = await visitorWhoPays();
    expect(receiver.problems).toEqual([]);
    const eventId = conversionEventId("purchase", v.orderId);

    const toSales = webhooksTo("sales");
    expect(toSales.map((r) => eventOf(r))).toEqual([{ id: eventId, name: "purchase.completed" }]);
    expect(toSales[0]!.headers["webhook-id"]).toBe(eventId);
    const [row] = await t.db.select({ customerId: conversionOutbox.customerId }).from(conversionOutbox).where(eq(conversionOutbox.eventId, eventId));
    expect(toSales[0]!.body).toMatchObject({
      type: "purchase.completed",
      data: {
        event_id: eventId,
        kind: "purchase",
        order_id: v.orderId,
        value: 19.99,
        currency: "USD",
        customer_id: row!.customerId,
        flow_code: "server_quiz",
        utm_source: "facebook",
        utm_medium: "paid",
        utm_campaign: "burnout-dec",
      },
    });
    expect(JSON.stringify(toSales[0]!.body)).not.toMatch(/example\.org|IwARx|@/);
    expect(webhooksTo("leads").map((r) => eventOf(r))).toEqual([{ id: conversionEventId("lead", v.sessionId), name: "lead.created" }]);

    // No marketing choice: the ad platforms got nothing, our own systems did (ADR 061).
    expect(receiver.received.filter((r) => r.platform !== "webhook")).toEqual([]);
    expect((await deliveries(sales.id)).map((d) => [d.kind, d.status, d.attempts, d.lastStatus])).toEqual([["purchase", "sent", 1, 200]]);
    expect((await deliveries(leads.id)).map((d) => d.kind)).toEqual(["lead"]);
  });

  it("retries a 500 with the same webhook-id; a 400 is recorded with the receiver's message and not retried", async () => {
    const flaky = await register("flaky", ["purchase"]);
    receiver.script("webhook", { status: 500, body: '{"error":"database is down"}' });
    const v = await visitorWhoPays();
    const [first] = await deliveries(flaky.id);
    expect(first).toMatchObject({ status: "queued", attempts: 1, lastStatus: 500, lastError: 'HTTP 500: {"error":"database is down"}' });
    await dueNow();
    await t.app.services.conversions.drain();
    expect((await deliveries(flaky.id))[0]).toMatchObject({ status: "sent", attempts: 2, lastStatus: 200 });
    const ids = webhooksTo("flaky").map((r) => r.headers["webhook-id"]);
    expect(ids).toEqual([conversionEventId("purchase", v.orderId), conversionEventId("purchase", v.orderId)]);

    receiver.clear();
    receiver.webhook("flaky", (await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, flaky.id)))[0]!.secret);
    receiver.script("webhook", { status: 422, body: '{"error":"unknown customer"}' });
    await visitorWhoPays();
    await dueNow();
    await t.app.services.conversions.drain();
    const [refused] = await deliveries(flaky.id);
    expect(refused).toMatchObject({ status: "failed", attempts: 1, lastStatus: 422, lastError: 'HTTP 422: {"error":"unknown customer"}' });
    expect(webhooksTo("flaky")).toHaveLength(1);
  });

  it("Send again delivers once more with the same webhook-id, as a new attempt; not while still queued", async () => {
    const crm = await register("crm", ["purchase"]);
    const v = await visitorWhoPays();
    const [sent] = await deliveries(crm.id);
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });

    const again = await staff.post(`/api/admin/webhooks/${crm.id}/deliveries/${sent!.id}/send-again`, {});
    expect(again.statusCode, again.body).toBe(200);
    await t.app.services.conversions.drain();
    const received = webhooksTo("crm");
    expect(received.map((r) => r.headers["webhook-id"])).toEqual([conversionEventId("purchase", v.orderId), conversionEventId("purchase", v.orderId)]);
    expect(received[1]!.body).toEqual(received[0]!.body);
    expect(receiver.problems).toEqual([]);
    expect((await deliveries(crm.id))[0]).toMatchObject({ id: sent!.id, status: "sent", attempts: 2, lastStatus: 200 });

    // A customer may not; a delivery still queued is not sent twice.
    expect((await customer.post(`/api/admin/webhooks/${crm.id}/deliveries/${sent!.id}/send-again`, {})).statusCode).toBe(403);
    await t.db
      .update(conversionOutbox)
      .set({ status: "queued", nextAttemptAt: sql`now() + interval '1 hour'` })
      .where(eq(conversionOutbox.id, sent!.id));
    const busy = await staff.post(`/api/admin/webhooks/${crm.id}/deliveries/${sent!.id}/send-again`, {});
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe("delivery_pending");
    const other = await staff.post(`/api/admin/webhooks/${crm.id}/deliveries/00000000-0000-4000-8000-000000000000/send-again`, {});
    expect(other.statusCode).toBe(404);
  });

  it("a disabled endpoint gets nothing new; deleting one cancels what is still queued for it", async () => {
    const off = await register("off", ["purchase"]);
    const gone = await register("gone", ["purchase"]);
    const res = await staff.post(`/api/admin/webhooks/${off.id}/enabled`, { enabled: false });
    expect(res.statusCode, res.body).toBe(200);
    receiver.script("webhook", { status: 503 });
    await visitorWhoPays();
    expect(await deliveries(off.id)).toEqual([]);
    expect((await deliveries(gone.id))[0]).toMatchObject({ status: "queued", lastStatus: 503 });

    const deleted = await staff.post(`/api/admin/webhooks/${gone.id}/delete`, {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toEqual({ id: gone.id, cancelled: 1 });
    await dueNow();
    await t.app.services.conversions.drain();
    expect(webhooksTo("gone")).toHaveLength(1);
    expect(webhooksTo("off")).toEqual([]);
    const rows = await t.db
      .select()
      .from(conversionOutbox)
      .where(eq(conversionOutbox.destination, `webhook:${gone.id}`));
    expect(rows.map((r) => r.status)).toEqual(["cancelled"]);
    expect((await staff.get(`/api/admin/webhooks/${gone.id}/deliveries`)).statusCode).toBe(404);
  });

  it("an account deletion cancels what is still queued about the customer", async () => {
    const crm = await register("crm", ["purchase"]);
    receiver.script("webhook", { status: 503 });
    const v = await visitorWhoPays();
    expect((await deliveries(crm.id))[0]).toMatchObject({ status: "queued", lastStatus: 503 });

    expect((await client(t.app, nextIp(), t.origin).post("/api/auth/login-link", { email: v.email })).statusCode).toBe(202);
    const me = await loggedIn(t, v.email);
    expect((await me.post("/api/customer/delete-account/link", {})).statusCode).toBe(202);
    const token = linkIn(await t.outbox(), v.email, "/account/profile/delete-account").searchParams.get("token");
    const deleted = await me.post("/api/customer/delete-account", { token });
    expect(deleted.statusCode, deleted.body).toBe(200);

    await dueNow();
    await t.app.services.conversions.drain();
    expect((await deliveries(crm.id))[0]).toMatchObject({ status: "cancelled" });
    expect(webhooksTo("crm")).toHaveLength(1);
  });
});
