import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, paymentEvents, paymentProviderRefs, subscriptions } from "#server/db/schema.ts";
import { maxpayCallbackSignature } from "#server/payments/providers/maxpay-signature.ts";
import type { SignedNotification } from "#server/payments/sandbox/sandbox-notifications.ts";
import { SANDBOX_KEYS } from "#server/payments/sandbox/sandbox-keys.ts";
import { buyer, checkout, deliver, fulfilmentOf, maxPay, orderRow, payPro, paymentFor, paymentsTestApp, receiptsTo } from "../helpers/payments.ts";
import { rowCounts } from "../helpers/quiz.ts";
import { signedInCustomer } from "../helpers/subscriptions.ts";
import { closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

/**
 * Issue 7.2: a notification may only act on the order its signed fields point to. PayPro signs
 * ORDER_ID, ORDER_STATUS, ORDER_TOTAL_AMOUNT, CUSTOMER_EMAIL, TEST_MODE and IPN_TYPE_NAME, nothing
 * else; Maxpay signs the whole body. "Captured" notifications below are genuine, correctly signed
 * ones whose unsigned fields were changed.
 */
let t: TestApp;
let n = 0;
const email = () => `signed${++n}@example.com`;

beforeAll(async () => {
  t = await paymentsTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

/** A buyer with a pending PayPro order. */
async function payProBuyer() {
  const b = await buyer(t, email());
  const { orderId } = await checkout(b);
  await t.db.update(orders).set({ provider: "pay_pro" }).where(eq(orders.id, orderId));
  return Object.assign(b, { orderId });
}

/** The same notification with some form fields changed (the signature is not recomputed). */
function forge(n: SignedNotification, changes: Record<string, string>): SignedNotification {
  const fields = new URLSearchParams(n.body.toString());
  for (const [name, value] of Object.entries(changes)) fields.set(name, value);
  return { ...n, body: Buffer.from(fields.toString()) };
}

const reviewEvents = (key: string) =>
  t.db
    .select()
    .from(paymentEvents)
    .where(like(paymentEvents.eventKey, `${key}:review:%`));
const accessOf = async (who: string) => (await (await signedInCustomer(t.app, who)).get("/api/customer/paid-content")).json().data as { has_access: boolean };

describe("PayPro: the order comes from signed fields", () => {
  it("a captured IPN for order A re-targeted at another customer's unpaid order B (x-order_id): B stays unpaid, A is paid once", async () => {
    const a = await payProBuyer();
    const b = await payProBuyer();
    const genuine = payPro(await paymentFor(t, a.orderId, { transactionId: "71000001" }));
    const viaCustomFields = forge(genuine, { ORDER_CUSTOM_FIELDS: `x-order_id=${b.orderId}` });
    const viaField = forge(genuine, { "x-order_id": b.orderId });
    // Even arriving before the genuine one: PayPro signed A's customer e-mail, not B's.
    for (const forged of [viaCustomFields, viaField]) expect((await deliver(t, forged)).statusCode).toBe(200);
    expect((await deliver(t, genuine)).statusCode).toBe(200);
    expect((await deliver(t, viaCustomFields)).statusCode).toBe(200);

    const forB = await fulfilmentOf(t, b.orderId);
    expect(forB).toMatchObject({ status: "pending", subscriptions: [], entitlements: [], reportRequests: [], events: [] });
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.customerId, b.customerId))).toEqual([]);
    expect(await receiptsTo(t, b.email)).toHaveLength(0);
    const forA = await fulfilmentOf(t, a.orderId);
    expect(forA.status).toBe("paid");
    expect(forA.subscriptions).toHaveLength(1);
    expect(forA.entitlements).toHaveLength(1);

    const refused = await reviewEvents("71000001:OrderCharged");
    expect(refused).toHaveLength(2);
    for (const event of refused) {
      expect(event).toMatchObject({ status: "needs_review", orderId: null });
      expect(event.payload).not.toHaveProperty("HASH");
      expect(event.payload).not.toHaveProperty("SIGNATURE");
      expect(event.payload).toHaveProperty("ORDER_ID", "71000001");
    }
    const [processed] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventKey, "71000001:OrderCharged"));
    expect(processed).toMatchObject({ status: "processed", orderId: a.orderId });
    expect(processed!.payload).not.toHaveProperty("HASH");
    expect(processed!.payload).not.toHaveProperty("SIGNATURE");
  });

  it.each(["2", "3"])("a captured payment IPN with IPN_TYPE_ID changed to %s does not refund: the order stays paid with access", async (typeId) => {
    const a = await payProBuyer();
    const genuine = payPro(await paymentFor(t, a.orderId, { transactionId: `7200000${typeId}` }));
    expect((await deliver(t, genuine)).statusCode).toBe(200);
    expect((await deliver(t, forge(genuine, { IPN_TYPE_ID: typeId }))).statusCode).toBe(200);
    const done = await fulfilmentOf(t, a.orderId);
    expect(done.status).toBe("paid");
    expect(done.entitlements).toHaveLength(1);
    expect(done.subscriptions[0]).toMatchObject({ status: "active" });
    expect((await accessOf(a.email)).has_access).toBe(true);
  });

  it("an IPN whose IPN_TYPE_ID disagrees with its signed name is stored for review and changes nothing, even first", async () => {
    const a = await payProBuyer();
    const genuine = payPro(await paymentFor(t, a.orderId, { transactionId: "72000010" }));
    expect((await deliver(t, forge(genuine, { IPN_TYPE_ID: "2" }))).statusCode).toBe(200);
    expect((await orderRow(t, a.orderId)).status).toBe("pending");
    const [refused] = await reviewEvents("72000010:OrderCharged");
    expect(refused).toMatchObject({ status: "needs_review" });
    expect(refused!.note).toContain("IPN_TYPE_ID 2");
    // The genuine IPN still pays the order: the refused copy did not take its key.
    expect((await deliver(t, genuine)).statusCode).toBe(200);
    expect((await orderRow(t, a.orderId)).status).toBe("paid");
  });

  it("a captured IPN with PRODUCT_ID changed has no new effect", async () => {
    const a = await payProBuyer();
    const genuine = payPro(await paymentFor(t, a.orderId, { transactionId: "73000001" }));
    expect((await deliver(t, genuine)).statusCode).toBe(200);
    const before = await rowCounts(t);
    for (const product of ["quarter_3", "trial_7d", "something-else"]) {
      expect((await deliver(t, forge(genuine, { PRODUCT_ID: product }))).statusCode).toBe(200);
    }
    expect(await rowCounts(t)).toEqual(before);
    expect((await fulfilmentOf(t, a.orderId)).status).toBe("paid");
  });

  it("a payment PayPro signed for another e-mail than the order customer's grants nothing; the same e-mail in other case pays", async () => {
    const a = await payProBuyer();
    const res = await deliver(t, payPro(await paymentFor(t, a.orderId, { transactionId: "74000001", email: "someone-else@example.com" })));
    expect(res.statusCode).toBe(200);
    const done = await fulfilmentOf(t, a.orderId);
    expect(done).toMatchObject({ status: "pending", subscriptions: [], entitlements: [], reportRequests: [] });
    expect(await receiptsTo(t, a.email)).toHaveLength(0);
    const [refused] = await reviewEvents("74000001:OrderCharged");
    expect(refused).toMatchObject({ status: "needs_review", orderId: null });
    expect(refused!.note).toContain("e-mail");

    // No signed e-mail at all: nothing confirms the unsigned x-order_id.
    expect((await deliver(t, payPro(await paymentFor(t, a.orderId, { transactionId: "74000003", email: "" })))).statusCode).toBe(200);
    expect((await orderRow(t, a.orderId)).status).toBe("pending");
    expect(await reviewEvents("74000003:OrderCharged")).toMatchObject([{ status: "needs_review", orderId: null }]);

    const c = await payProBuyer();
    expect((await deliver(t, payPro(await paymentFor(t, c.orderId, { transactionId: "74000002", email: c.email.toUpperCase() })))).statusCode).toBe(200);
    expect((await orderRow(t, c.orderId)).status).toBe("paid");
  });

  it("a refund IPN names the order its ORDER_ID was bound to; another order reference for it changes nothing", async () => {
    // One customer, two orders: the e-mail matches both, the binding decides.
    const a = await payProBuyer();
    // Another purchase of the same customer, outside this quiz (a second quiz's order would be refunded as a duplicate).
    const { orderId: second } = await checkout(a, "trial_7d");
    await t.db.update(orders).set({ provider: "pay_pro", quizSessionId: null }).where(eq(orders.id, second));
    const payment = await paymentFor(t, a.orderId, { transactionId: "75000001" });
    expect((await deliver(t, payPro(payment))).statusCode).toBe(200);
    expect((await deliver(t, payPro({ ...(await paymentFor(t, second, { transactionId: "75000002" })) }))).statusCode).toBe(200);
    // PayPro's refund of ORDER_ID 75000001 arrives naming the second order.
    expect((await deliver(t, payPro({ ...payment, orderId: second, outcome: "refund" }))).statusCode).toBe(200);
    expect((await orderRow(t, a.orderId)).status).toBe("paid");
    expect((await orderRow(t, second)).status).toBe("paid");
    const [refused] = await reviewEvents("75000001:OrderRefunded");
    expect(refused).toMatchObject({ status: "needs_review", orderId: a.orderId });
    // The genuine refund (naming the bound order) still works.
    expect((await deliver(t, payPro({ ...payment, outcome: "refund" }))).statusCode).toBe(200);
    expect((await orderRow(t, a.orderId)).status).toBe("refunded");
    expect((await orderRow(t, second)).status).toBe("paid");
  });
});

describe("concurrent deliveries", () => {
  it("a re-targeted copy and the genuine IPN at the same time: the genuine one pays its order once, the copy changes nothing", async () => {
    for (let i = 0; i < 5; i++) {
      const a = await payProBuyer();
      const b = await payProBuyer();
      const genuine = payPro(await paymentFor(t, a.orderId, { transactionId: `7600000${i}` }));
      const forged = forge(genuine, { ORDER_CUSTOM_FIELDS: `x-order_id=${b.orderId}` });
      const results = await Promise.all([deliver(t, forged), deliver(t, genuine), deliver(t, forged), deliver(t, genuine)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const forA = await fulfilmentOf(t, a.orderId);
      expect(forA.status).toBe("paid");
      expect(forA.subscriptions).toHaveLength(1);
      expect(forA.events).toMatchObject([{ status: "processed" }]);
      expect(await fulfilmentOf(t, b.orderId)).toMatchObject({ status: "pending", subscriptions: [], entitlements: [], events: [] });
    }
  });

  it("two first notifications for one transaction naming two orders: one binds it, the other changes nothing", async () => {
    const a = await buyer(t, email());
    const { orderId: first } = await checkout(a);
    // A second order of the session (another plan: the same plan hands back the same order).
    const { orderId: second } = await checkout(a, "trial_7d");
    const tx = `mx-race-${first}`;
    const [one, two] = await Promise.all([
      deliver(t, maxPay(await paymentFor(t, first, { transactionId: tx }))),
      deliver(t, maxPay(await paymentFor(t, second, { transactionId: tx, outcome: "decline" }))),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const refs = await t.db.select().from(paymentProviderRefs).where(eq(paymentProviderRefs.providerOrderId, tx));
    expect(refs).toHaveLength(1);
    const bound = refs[0]!.orderId;
    const other = bound === first ? second : first;
    expect((await orderRow(t, other)).status).toBe("pending");
    expect((await orderRow(t, bound)).status).toBe(bound === first ? "paid" : "declined");
    const events = await t.db
      .select()
      .from(paymentEvents)
      .where(like(paymentEvents.eventKey, `${tx}:%`));
    expect(events.map((e) => e.status).sort()).toEqual(["needs_review", "processed"]);
  });
});

describe("Maxpay: X-Signature covers the body, the same binding and payer checks apply", () => {
  it("a transactionId bound to one order cannot act on another order", async () => {
    const a = await buyer(t, email());
    const { orderId: orderA } = await checkout(a);
    const b = await buyer(t, email());
    const { orderId: orderB } = await checkout(b);
    const paymentA = await paymentFor(t, orderA, { transactionId: `mx-a-${orderA}` });
    expect((await deliver(t, maxPay(paymentA))).statusCode).toBe(200);
    expect((await deliver(t, maxPay(await paymentFor(t, orderB, { transactionId: `mx-b-${orderB}` })))).statusCode).toBe(200);
    // A refund for A's transaction that names B's order (and B's customer).
    const res = await deliver(t, maxPay({ ...(await paymentFor(t, orderB, { transactionId: paymentA.transactionId, outcome: "refund" })) }));
    expect(res.statusCode).toBe(200);
    expect((await fulfilmentOf(t, orderB)).status).toBe("paid");
    expect((await fulfilmentOf(t, orderB)).entitlements).toHaveLength(1);
    expect((await fulfilmentOf(t, orderA)).status).toBe("paid");
    const [event] = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventKey, `${paymentA.transactionId}:refunded:REFUND`));
    expect(event).toMatchObject({ status: "needs_review", orderId: orderA });
  });

  it.each([
    ["e-mail", { email: "someone-else@example.com" }],
    ["user id", { customerId: "00000000-0000-4000-8000-00000000beef" }],
  ])("a payment signed for another payer (%s) than the order's customer grants nothing", async (_what, change) => {
    const a = await buyer(t, email());
    const { orderId } = await checkout(a);
    expect((await deliver(t, maxPay(await paymentFor(t, orderId, change)))).statusCode).toBe(200);
    const done = await fulfilmentOf(t, orderId);
    expect(done).toMatchObject({ status: "pending", subscriptions: [], entitlements: [], reportRequests: [] });
    expect(done.events).toMatchObject([{ status: "needs_review" }]);
    expect(await receiptsTo(t, a.email)).toHaveLength(0);
  });

  it("stores no signature-like field of the body", async () => {
    const a = await buyer(t, email());
    const { orderId } = await checkout(a);
    const body = { ...JSON.parse(maxPay(await paymentFor(t, orderId)).body.toString()), checkSum: "f".repeat(64), signature: "e".repeat(64) };
    const raw = Buffer.from(JSON.stringify(body));
    const res = await deliver(t, {
      provider: "max_pay",
      body: raw,
      headers: { "content-type": "application/json", "x-signature": maxpayCallbackSignature(raw, SANDBOX_KEYS.max_pay.privateKey) },
    });
    expect(res.statusCode).toBe(200);
    const [event] = (await fulfilmentOf(t, orderId)).events;
    expect(event).toMatchObject({ status: "processed" });
    expect(JSON.stringify(event!.payload)).not.toMatch(/checkSum|signature/i);
  });
});
