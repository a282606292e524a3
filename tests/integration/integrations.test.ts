import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FunnelReportView } from "#schemas/api/admin-funnels.ts";
import type { Integration, TestSent } from "#schemas/api/admin-integrations.ts";
import type { ConsentRecord } from "#schemas/consent/consent.ts";
import { conversionEventId } from "#schemas/conversions/events.ts";
import { conversionOutbox, customers, quizSessions } from "#server/db/schema.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { eventOf, startConversionReceiver, type ConversionReceiver } from "../helpers/conversion-receiver.ts";
import { TEST_START } from "../helpers/fake-clock.ts";
import { deliver, maxPay, nextIp, paymentFor, paymentsTestApp } from "../helpers/payments.ts";
import { answerAll, FLOW, startQuiz, type Browser } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

/**
 * /admin/integrations and the funnel figures' counted-against-delivered table (ADR 062), with every
 * destination pointed at a local receiver (tests/helpers/conversion-receiver.ts) and visitors walked
 * through the quiz, the checkout and the payment sandbox.
 */
let t: TestApp;
let receiver: ConversionReceiver;
let staff: Browser;
let customer: Browser;
const PASSWORD = "a long enough passphrase";
const DAY = TEST_START.toISOString().slice(0, 10);
const window = { since: `${DAY}T00:00:00.000Z`, until: new Date(Date.parse(`${DAY}T00:00:00.000Z`) + 86_400_000).toISOString() };
const allowed: ConsentRecord = { analytics: true, marketing: true, decided_at: "2026-06-10T08:00:00.000Z" };
const declined: ConsentRecord = { analytics: false, marketing: false, decided_at: "2026-06-10T08:00:00.000Z" };

async function loggedIn(email: string, role: "staff" | "customer"): Promise<Browser> {
  await t.db.insert(customers).values({ email, passwordHash: await hashPassword(PASSWORD), role });
  const browser = client(t.app, nextIp(), t.origin);
  expect((await browser.post("/api/auth/login", { email, password: PASSWORD })).statusCode).toBe(200);
  return browser;
}

beforeAll(async () => {
  receiver = await startConversionReceiver();
  t = await paymentsTestApp({ env: { ...receiver.env, META_TEST_EVENT_CODE: "TEST123", CONVERSIONS_SEND_INTERVAL_SECONDS: "0" } });
  staff = await loggedIn("growth@example.org", "staff");
  customer = await loggedIn("customer@example.org", "customer");
}, 180_000);

afterAll(async () => {
  await t.close();
  await receiver.close();
  await closeSharedDatabase();
});

beforeEach(() => receiver.clear());

let visitors = 0;
/** A visitor from a Meta ad who made `consent`, gave an e-mail and paid for a month in the sandbox; what was due is delivered. */
async function buyer(consent: ConsentRecord): Promise<{ sessionId: string; orderId: string }> {
  const browser = client(t.app, nextIp(), t.origin);
  const session = await startQuiz(t, browser, { attribution: { utm: { utm_source: "facebook" }, fbclid: `IwAR${++visitors}` } });
  await t.db.update(quizSessions).set({ consent }).where(eq(quizSessions.id, session.id));
  await answerAll(t, browser, session.id, `integrations${visitors}@example.org`);
  await t.app.services.conversions.drain(); // the lead is delivered before the purchase is queued: the order of requests is known
  expect((await browser.post(`/api/quiz/sessions/${session.id}/complete`, {})).statusCode).toBe(200);
  const started = await browser.post(
    "/api/checkout/start",
    { product_id: "month_1", session_id: session.id, currency: "USD" },
    { "user-agent": "Mozilla/5.0 (test)" },
  );
  expect(started.statusCode, started.body).toBe(200);
  const orderId = started.json<{ data: { order_id: string } }>().data.order_id;
  expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
  await t.app.services.conversions.drain();
  return { sessionId: session.id, orderId };
}

async function integrations(): Promise<Integration[]> {
  const res = await staff.get("/api/admin/integrations");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Integration[] }>().data;
}
const at = async (key: string) => (await integrations()).find((i) => i.key === key)!;

async function report(): Promise<FunnelReportView> {
  const res = await staff.get(`/api/admin/funnels/${FLOW}/report?${new URLSearchParams(window)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: FunnelReportView }>().data;
}
const figuresAt = (r: FunnelReportView, destination: string) =>
  Object.fromEntries(r.deliveries.find((d) => d.destination === destination)!.events.map(({ event, ...rest }) => [event, rest]));
const outboxRows = async () => (await t.db.select({ n: count() }).from(conversionOutbox))[0]!.n;

describe("the console's integrations are the team's", () => {
  it("an anonymous visitor gets 401 and a customer 403, for the list and the test button, and nothing is sent", async () => {
    expect((await client(t.app).get("/api/admin/integrations")).statusCode).toBe(401);
    expect((await client(t.app).post("/api/admin/integrations/meta/test", {})).statusCode).toBe(401);
    const refused = await customer.post("/api/admin/integrations/meta/test", {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("staff_only");
    expect((await customer.get("/api/admin/integrations")).statusCode).toBe(403);
    expect(receiver.received).toEqual([]);
  });
});

describe("after real visitors", () => {
  let first: { sessionId: string; orderId: string };

  it("one purchase walked with consent: its lead and its purchase are sent at Meta, with the platform's status", async () => {
    first = await buyer(allowed);
    const meta = await at("meta");
    expect(meta).toMatchObject({
      title: "Meta Conversions API",
      inRegistry: true,
      mode: "sending",
      missing: [],
      test: { ready: true, problem: null },
      failed: 0,
    });
    expect(meta.days).toHaveLength(14);
    expect(meta.days.reduce((n, d) => n + d.sent, 0)).toBe(2);
    const purchase = meta.latest.find((d) => d.eventId === conversionEventId("purchase", first.orderId))!;
    expect(purchase).toMatchObject({ kind: "purchase", status: "sent", attempts: 1, httpStatus: 200, message: null });
    expect(purchase.sentAt).not.toBeNull();
    expect(meta.latest.map((d) => d.eventId)).toContain(conversionEventId("lead", first.sessionId));
    // GA4 takes the same two; nothing about any secret is in the answer.
    expect((await at("ga4")).latest.map((d) => d.kind).sort()).toEqual(["lead", "purchase"]);
    expect(JSON.stringify(await integrations())).not.toContain(receiver.env.META_CAPI_TOKEN);
  });

  it("the funnel figures set the report's own counts beside what each destination was sent", async () => {
    await buyer(declined);
    const r = await report();
    const counted = (pick: (g: FunnelReportView["groups"][number]) => number) => r.groups.reduce((n, g) => n + pick(g), 0);
    expect(counted((g) => g.paid)).toBe(2);
    const meta = figuresAt(r, "meta");
    // Counted here is the page's own figure; the declined visitor's events were never queued.
    expect(meta.lead).toMatchObject({ counted: counted((g) => g.email), takes: true, sent: 1, queued: 0, failed: 0, neverQueued: 1 });
    expect(meta.paid).toMatchObject({ counted: counted((g) => g.paid), takes: true, sent: 1, neverQueued: 1 });
    expect(meta.refund).toMatchObject({ counted: counted((g) => g.refunds), takes: false });
    expect(figuresAt(r, "ga4").refund!.takes).toBe(true);
  });

  it("a destination that refuses an event shows it failed with the platform's message, first and in the figures", async () => {
    receiver.script("meta", { status: 400, body: '{"error":{"message":"Invalid parameter: event_time too far in the past"}}' });
    const refused = await buyer(allowed);
    const meta = await at("meta");
    expect(meta.failed).toBe(1);
    expect(meta.failures).toHaveLength(1);
    expect(meta.failures[0]).toMatchObject({ status: "failed", httpStatus: 400, eventId: conversionEventId("lead", refused.sessionId) });
    expect(meta.failures[0]!.message).toContain("event_time too far in the past");
    expect(meta.days.reduce((n, d) => n + d.failed, 0)).toBe(1);
    expect(figuresAt(await report(), "meta").lead).toMatchObject({ counted: 3, sent: 1, failed: 1, neverQueued: 1 });
  });

  it("another destination found in the outbox (a webhook endpoint) is listed by its key", async () => {
    await t.db.insert(conversionOutbox).values({
      destination: "webhook:crm-test",
      kind: "purchase",
      eventId: conversionEventId("purchase", first.orderId),
      event: {},
      status: "queued",
    });
    const hook = await at("webhook:crm-test");
    expect(hook).toMatchObject({ title: "webhook:crm-test", inRegistry: false, mode: null, test: null, failed: 0 });
    expect(hook.latest.map((d) => d.status)).toEqual(["queued"]);
    expect(figuresAt(await report(), "webhook:crm-test").paid).toMatchObject({ counted: 3, queued: 1, neverQueued: 2 });
    await t.db.delete(conversionOutbox).where(eq(conversionOutbox.destination, "webhook:crm-test"));
  });
});

describe("the test button", () => {
  it("sends Meta one event with test_event_code now, and adds nothing to the outbox or the figures", async () => {
    const rowsBefore = await outboxRows();
    const before = await report();
    const res = await staff.post("/api/admin/integrations/meta/test", {});
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json<{ data: TestSent }>().data;
    expect(sent).toMatchObject({ destination: "meta", httpStatus: 200, accepted: true, findings: [] });
    expect(receiver.problems).toEqual([]);
    const calls = receiver.received.filter((r) => r.platform === "meta");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body.test_event_code).toBe("TEST123");
    expect(eventOf(calls[0]!)).toEqual({ id: sent.eventId, name: "Lead" });
    expect(await outboxRows()).toBe(rowsBefore);
    const after = await report();
    expect(after.groups).toEqual(before.groups);
    expect(after.deliveries).toEqual(before.deliveries);
  });

  it("sends GA4's test to the validation server and shows its validation messages", async () => {
    receiver.script("ga4", {
      status: 200,
      body: JSON.stringify({ validationMessages: [{ fieldPath: "events", description: "Event name is reserved.", validationCode: "NAME_RESERVED" }] }),
    });
    const res = await staff.post("/api/admin/integrations/ga4/test", {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TestSent }>().data).toMatchObject({ httpStatus: 200, accepted: false, findings: ["events: Event name is reserved."] });
    expect(receiver.received.map((r) => r.path)).toEqual(["/ga4/debug/mp/collect"]);
  });

  it("refuses TikTok without a test code, and an unknown or malformed destination, sending nothing", async () => {
    const rowsBefore = await outboxRows();
    const tiktok = await staff.post("/api/admin/integrations/tiktok/test", {});
    expect(tiktok.statusCode).toBe(409);
    expect(tiktok.json().error).toMatchObject({ code: "no_test_channel", message: expect.stringContaining("TIKTOK_TEST_EVENT_CODE") });
    expect((await at("tiktok")).test).toMatchObject({ ready: false, problem: expect.stringContaining("TIKTOK_TEST_EVENT_CODE") });
    expect((await staff.post("/api/admin/integrations/webhook:crm/test", {})).statusCode).toBe(404);
    const malformed = await staff.post("/api/admin/integrations/META!/test", {});
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe("invalid_request");
    expect(receiver.received).toEqual([]);
    expect(await outboxRows()).toBe(rowsBefore);
  });
});
