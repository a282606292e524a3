import { and, eq, sql } from "drizzle-orm";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { conversionEventId } from "#schemas/conversions/events.ts";
import { consentCookieValue, type ConsentRecord } from "#schemas/consent/consent.ts";
import { conversionOutbox, quizSessions } from "#server/db/schema.ts";
import { answerAll, startQuiz } from "../helpers/quiz.ts";
import { deliver, maxPay, nextIp, paymentFor, paymentsTestApp } from "../helpers/payments.ts";
import { client, closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";
import { eventOf, startConversionReceiver, type ConversionReceiver, type Received } from "../helpers/conversion-receiver.ts";

/**
 * Issue 28: conversion events from the server (ADR 056), delivered to a local receiver that stands in
 * for Meta, GA4 and TikTok and checks each platform's required fields.
 */

let t: TestApp;
let receiver: ConversionReceiver;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const allowed: ConsentRecord = { analytics: true, marketing: true, decided_at: "2026-11-30T10:00:00.000Z" };
const declined: ConsentRecord = { analytics: false, marketing: false, decided_at: "2026-11-30T10:00:00.000Z" };

beforeAll(async () => {
  receiver = await startConversionReceiver();
  t = await paymentsTestApp({ env: { ...receiver.env, CONVERSIONS_SEND_INTERVAL_SECONDS: "0" } });
});

afterAll(async () => {
  await t.close();
  await receiver.close();
  await closeSharedDatabase();
});

beforeEach(() => receiver.clear());

let buyers = 0;
/**
 * A visitor from an ad (fbclid, ttclid in the landing's attribution; Meta's and GA's cookies) who
 * made `consent` as the quiz began, finished the quiz and started a checkout for `productId`.
 * `reached: "cookie only"`: the choice was made while the quiz's start was on its way, so it reached
 * the browser's cookie and no session (POST /api/consent went out before the visitor cookie came back).
 */
async function visitorFromAd(consent: ConsentRecord | null, productId = "month_1", reached: "session" | "cookie only" = "session") {
  const ip = nextIp();
  const browser = client(t.app, ip, t.origin);
  const cookies = browser.cookies as Map<string, string>;
  cookies.set("_fbp", "fb.1.1764500000000.1234567890");
  cookies.set("_ga", "GA1.1.987654321.1764500000");
  const email = `  Ad.Visitor${++buyers}@Example.org `;
  const fbclid = `IwAR${buyers}abc`;
  const session = await startQuiz(t, browser, { attribution: { utm: { utm_source: "facebook" }, fbclid, ttclid: `tt${buyers}xyz` } });
  if (consent && reached === "session") await t.db.update(quizSessions).set({ consent }).where(eq(quizSessions.id, session.id));
  if (consent && reached === "cookie only") cookies.set("pw_consent", consentCookieValue(consent));
  await answerAll(t, browser, session.id, email.trim());
  expect((await browser.post(`/api/quiz/sessions/${session.id}/complete`, {})).statusCode).toBe(200);
  const res = await browser.post(
    "/api/checkout/start",
    { product_id: productId, session_id: session.id, currency: "USD" },
    { referer: `${t.origin}/burnout?utm_source=facebook&fbclid=${fbclid}`, "user-agent": "Mozilla/5.0 (test)" },
  );
  expect(res.statusCode, res.body).toBe(200);
  const orderId = res.json<{ data: { order_id: string } }>().data.order_id;
  const [row] = await t.db.select().from(quizSessions).where(eq(quizSessions.id, session.id));
  await t.app.services.conversions.drain(); // the lead's delivery is over before the test goes on
  return { ip, email: email.trim(), fbclid, ttclid: `tt${buyers}xyz`, sessionId: session.id, landedAt: row!.createdAt, orderId };
}

/** The provider confirms the payment (twice: a provider retries), and the sender delivers what is due. */
async function pay(orderId: string) {
  const n = maxPay(await paymentFor(t, orderId));
  expect((await deliver(t, n)).statusCode).toBe(200);
  expect((await deliver(t, n)).statusCode).toBe(200);
  await t.app.services.conversions.drain();
}

const to = (platform: Received["platform"], eventId: string) => receiver.received.filter((r) => r.platform === platform && eventOf(r).id === eventId);
const rowsOf = (eventId: string) => t.db.select().from(conversionOutbox).where(eq(conversionOutbox.eventId, eventId));

/** Makes the rows still queued due now: the back-off passes at once (the wait itself is checked on the row). */
const dueNow = () =>
  t.db
    .update(conversionOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(conversionOutbox.status, "queued"));

describe("a payment of a visitor who allowed marketing", () => {
  it("reaches Meta once as Purchase with the hashed e-mail, the fbc from the fbclid, value and currency, and GA4 once as purchase", async () => {
    const v = await visitorFromAd(allowed);
    await pay(v.orderId);
    expect(receiver.problems).toEqual([]);
    const eventId = conversionEventId("purchase", v.orderId);

    const metaCalls = to("meta", eventId);
    expect(metaCalls).toHaveLength(1);
    const [meta] = metaCalls[0]!.body.data as Record<string, unknown>[];
    expect(metaCalls[0]!.body.access_token).toBe(receiver.env.META_CAPI_TOKEN);
    expect(meta).toMatchObject({
      event_name: "Purchase",
      event_id: eventId,
      action_source: "website",
      event_source_url: `${t.origin}/burnout`,
      user_data: {
        em: [sha256(v.email.toLowerCase())],
        external_id: [expect.stringMatching(/^[0-9a-f]{64}$/)],
        fbp: "fb.1.1764500000000.1234567890",
        fbc: `fb.1.${v.landedAt.getTime()}.${v.fbclid}`,
        client_ip_address: v.ip,
        client_user_agent: "Mozilla/5.0 (test)",
      },
      custom_data: { value: 19.99, currency: "USD", order_id: v.orderId },
    });
    expect(JSON.stringify(metaCalls[0]!.body)).not.toContain("xample.org");

    const ga4Calls = to("ga4", eventId);
    expect(ga4Calls).toHaveLength(1);
    expect(ga4Calls[0]!.query.get("measurement_id")).toBe("G-TEST1234");
    expect(ga4Calls[0]!.body).toMatchObject({
      client_id: "987654321.1764500000",
      events: [{ name: "purchase", params: { transaction_id: v.orderId, value: 19.99, currency: "USD", event_id: eventId } }],
    });

    const tiktokCalls = to("tiktok", eventId);
    expect(tiktokCalls).toHaveLength(1);
    expect(tiktokCalls[0]!.body).toMatchObject({ data: [{ event: "CompletePayment", user: { ttclid: v.ttclid, email: sha256(v.email.toLowerCase()) } }] });

    // The e-mail step was a lead, sent once per session with the session's id.
    expect(to("meta", conversionEventId("lead", v.sessionId)).map((r) => eventOf(r).name)).toEqual(["Lead"]);
    expect(to("ga4", conversionEventId("lead", v.sessionId)).map((r) => eventOf(r).name)).toEqual(["generate_lead"]);
    // The outbox holds no plain e-mail.
    for (const row of await rowsOf(eventId)) expect(JSON.stringify(row.event).toLowerCase()).not.toContain(v.email.toLowerCase());
  });

  it("of a plan with a trial is a StartTrial with the order's event id; a refund of it reaches GA4 as refund", async () => {
    const v = await visitorFromAd(allowed, "trial_7d");
    await pay(v.orderId);
    const eventId = conversionEventId("trial_started", v.orderId);
    expect(eventId).toBe(conversionEventId("purchase", v.orderId));
    expect(to("meta", eventId).map((r) => eventOf(r).name)).toEqual(["StartTrial"]);
    expect(to("ga4", eventId).map((r) => eventOf(r).name)).toEqual(["purchase"]);

    const refund = maxPay(await paymentFor(t, v.orderId, { outcome: "refund" }));
    expect((await deliver(t, refund)).statusCode).toBe(200);
    await t.app.services.conversions.drain();
    const refunds = to("ga4", conversionEventId("refund", v.orderId));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.body).toMatchObject({ events: [{ name: "refund", params: { transaction_id: v.orderId } }] });
    expect(receiver.problems).toEqual([]);
  });
});

describe("a visitor who accepted while the quiz was starting", () => {
  it("whose choice reached no session: the lead and the purchase still reach Meta, and the session records the choice", async () => {
    const v = await visitorFromAd(allowed, "month_1", "cookie only");
    const [session] = await t.db.select({ consent: quizSessions.consent }).from(quizSessions).where(eq(quizSessions.id, v.sessionId));
    expect(session!.consent).toEqual(allowed);
    expect(to("meta", conversionEventId("lead", v.sessionId)).map((r) => eventOf(r).name)).toEqual(["Lead"]);
    await pay(v.orderId);
    expect(to("meta", conversionEventId("purchase", v.orderId)).map((r) => eventOf(r).name)).toEqual(["Purchase"]);
    expect(receiver.problems).toEqual([]);
  });

  it("who declined that way: nothing is sent, and the session records the decline", async () => {
    const v = await visitorFromAd(declined, "month_1", "cookie only");
    await pay(v.orderId);
    expect(receiver.received).toEqual([]);
    const [session] = await t.db.select({ consent: quizSessions.consent }).from(quizSessions).where(eq(quizSessions.id, v.sessionId));
    expect(session!.consent).toEqual(declined);
  });
});

describe("a visitor who did not allow marketing", () => {
  it("produces no request to any platform, from the e-mail step to the payment", async () => {
    const none = await visitorFromAd(null);
    const no = await visitorFromAd(declined);
    await pay(none.orderId);
    await pay(no.orderId);
    expect(receiver.received).toEqual([]);
    expect(
      await t.db
        .select()
        .from(conversionOutbox)
        .where(eq(conversionOutbox.eventId, conversionEventId("purchase", no.orderId))),
    ).toEqual([]);
  });

  it("who declined on the account after the quiz allowed it: the stricter choice wins", async () => {
    const v = await visitorFromAd(allowed);
    receiver.clear();
    const [session] = await t.db.select({ customerId: quizSessions.customerId }).from(quizSessions).where(eq(quizSessions.id, v.sessionId));
    await t.db.execute(
      sql`update customers set consent = ${JSON.stringify({ ...declined, decided_at: "2026-12-01T10:00:00.000Z" })}::jsonb where id = ${session!.customerId}`,
    );
    await pay(v.orderId);
    expect(receiver.received).toEqual([]);
  });
});

describe("delivery", () => {
  it("retries a 500 and a 429 (after its Retry-After), with the same event id", async () => {
    const v = await visitorFromAd(allowed);
    receiver.clear();
    receiver.script("meta", { status: 500, body: '{"error":{"message":"Service temporarily unavailable"}}' });
    receiver.script("ga4", { status: 429, headers: { "retry-after": "120" } });
    await pay(v.orderId);
    const eventId = conversionEventId("purchase", v.orderId);
    const [meta] = await t.db
      .select()
      .from(conversionOutbox)
      .where(and(eq(conversionOutbox.eventId, eventId), eq(conversionOutbox.destination, "meta")));
    expect(meta).toMatchObject({ status: "queued", attempts: 1, lastStatus: 500 });
    expect(meta!.lastError).toContain("Service temporarily unavailable");
    const [wait] = await t.db
      .select({ seconds: sql<number>`extract(epoch from ${conversionOutbox.nextAttemptAt} - now())::float8` })
      .from(conversionOutbox)
      .where(and(eq(conversionOutbox.eventId, eventId), eq(conversionOutbox.destination, "ga4")));
    expect(wait!.seconds).toBeGreaterThan(100);
    expect(wait!.seconds).toBeLessThanOrEqual(120);

    await dueNow();
    await t.app.services.conversions.drain();
    expect(to("meta", eventId)).toHaveLength(2);
    expect(to("ga4", eventId)).toHaveLength(2);
    expect(new Set(to("meta", eventId).map((r) => JSON.stringify(r.body)))).toHaveProperty("size", 1);
    for (const row of await rowsOf(eventId)) expect(row.status, row.destination).toBe("sent");
  });

  it("does not retry a 400, and keeps the platform's message", async () => {
    const v = await visitorFromAd(allowed);
    receiver.clear();
    receiver.script("meta", { status: 400, body: '{"error":{"message":"Invalid parameter","code":100}}' });
    await pay(v.orderId);
    const eventId = conversionEventId("purchase", v.orderId);
    await dueNow();
    await t.app.services.conversions.drain();
    expect(to("meta", eventId)).toHaveLength(1);
    const [meta] = await t.db
      .select()
      .from(conversionOutbox)
      .where(and(eq(conversionOutbox.eventId, eventId), eq(conversionOutbox.destination, "meta")));
    expect(meta).toMatchObject({ status: "failed", attempts: 1, lastStatus: 400 });
    expect(meta!.lastError).toContain("Invalid parameter");
  });

  it("a platform that does not answer never holds up the payment notification", async () => {
    const v = await visitorFromAd(allowed);
    receiver.hold();
    try {
      const n = maxPay(await paymentFor(t, v.orderId));
      const sending = t.app.services.conversions.drain();
      // The sender is now waiting on the platform; the provider's notification is answered all the same.
      expect((await deliver(t, n)).statusCode).toBe(200);
      receiver.release();
      await sending;
    } finally {
      receiver.release();
    }
  });
});
