import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, paymentEvents } from "#server/db/schema.ts";
import { runRenewals } from "#server/payments/renewals/renewals.ts";
import { payproSignature } from "#server/payments/providers/paypro-signature.ts";
import type { SignedNotification } from "#server/payments/sandbox/sandbox-notifications.ts";
import { SANDBOX_KEYS } from "#server/payments/sandbox/sandbox-keys.ts";
import { buyer, checkout, deliver, fulfilmentOf, maxPay, orderRow, payPro, paymentFor, paymentsTestApp, receiptsTo, type Buyer } from "../helpers/payments.ts";
import { signedInCustomer } from "../helpers/subscriptions.ts";
import { closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

/**
 * Issue 7.3: a refund (or chargeback) and its payment can arrive in either order; the end state
 * is the same: the order refunded, no access, nothing renewing.
 */
let t: TestApp;
let n = 0;
const email = () => `refund${++n}@example.com`;

beforeAll(async () => {
  t = await paymentsTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

type View = { id: string; access_until: string } & Record<string, unknown>;
/** What the customer sees of their plans and reports (ids and dates aside, which differ per order). */
async function customerSees(who: string) {
  const browser = await signedInCustomer(t.app, who);
  const strip = ({ id: _id, access_until, ...rest }: View) => ({ ...rest, access_over: new Date(access_until) <= t.clock.now() });
  const paid = (await browser.get("/api/customer/paid-content")).json().data as { reports: unknown[]; has_access: boolean; subscriptions: View[] };
  const list = (await browser.get("/api/customer/subscriptions")).json().data as View[];
  return { reports: paid.reports, has_access: paid.has_access, paidContentPlans: paid.subscriptions.map(strip), plans: list.map(strip) };
}

/** Everything that must hold for a refunded order, whichever notification came first. */
async function expectRefunded(b: Buyer, orderId: string) {
  const done = await fulfilmentOf(t, orderId);
  expect(done.status).toBe("refunded");
  expect(done.entitlements).toEqual([]);
  expect(done.subscriptions).toMatchObject([{ status: "ended", nextChargeAt: null }]);
  expect((await b.browser.get(`/api/orders/${orderId}`)).json().data.status).toBe("refunded");
  return customerSees(b.email);
}

describe("a refund and its payment, in either order", () => {
  it("Maxpay: refund, then payment, then the refund again ends like payment then refund", async () => {
    const early = await buyer(t, email());
    const { orderId: earlyOrder } = await checkout(early);
    const earlyPayment = await paymentFor(t, earlyOrder, { transactionId: `tx-early-${earlyOrder}` });
    const late = await buyer(t, email());
    const { orderId: lateOrder } = await checkout(late);
    const latePayment = await paymentFor(t, lateOrder, { transactionId: `tx-late-${lateOrder}` });

    // Refund first: the order is refunded at once.
    expect((await deliver(t, maxPay({ ...earlyPayment, outcome: "refund" }))).statusCode).toBe(200);
    expect((await orderRow(t, earlyOrder)).status).toBe("refunded");
    // The payment it refunds arrives late: it grants nothing.
    expect((await deliver(t, maxPay(earlyPayment))).statusCode).toBe(200);
    // The refund again (a retry) changes nothing.
    expect((await deliver(t, maxPay({ ...earlyPayment, outcome: "refund" }))).statusCode).toBe(200);

    // The usual order, for comparison.
    expect((await deliver(t, maxPay(latePayment))).statusCode).toBe(200);
    expect((await deliver(t, maxPay({ ...latePayment, outcome: "refund" }))).statusCode).toBe(200);

    const seenEarly = await expectRefunded(early, earlyOrder);
    const seenLate = await expectRefunded(late, lateOrder);
    expect(seenEarly).toEqual(seenLate);
    expect(seenEarly).toMatchObject({
      reports: [],
      has_access: false,
      plans: [{ status: "ended", next_charge_at: null, next_charge_amount: null, access_over: true }],
    });

    // Nothing was sent or queued for the order refunded before it was paid.
    expect((await fulfilmentOf(t, earlyOrder)).reportRequests).toEqual([]);
    expect(await receiptsTo(t, early.email)).toHaveLength(0);
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, earlyOrder));
    expect(events.map((e) => e.status).sort()).toEqual(["processed", "processed"]);
    expect(events.find((e) => e.type === "payment_succeeded")!.note).toContain("nothing granted");

    // Nothing renews: a year later the renewal job charges neither.
    await runRenewals(t.app, new Date(t.clock.now().getTime() + 400 * 86_400_000));
    for (const b of [early, late]) {
      expect(
        await t.db
          .select()
          .from(orders)
          .where(and(eq(orders.customerId, b.customerId), eq(orders.kind, "renewal"))),
      ).toEqual([]);
    }
  });

  it("PayPro: a chargeback before the payment, then the payment, ends refunded with nothing granted", async () => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b);
    await t.db.update(orders).set({ provider: "pay_pro" }).where(eq(orders.id, orderId));
    const payment = await paymentFor(t, orderId, { transactionId: "81000001" });
    expect((await deliver(t, chargeback(payPro(payment)))).statusCode).toBe(200);
    expect((await deliver(t, payPro(payment))).statusCode).toBe(200);
    expect((await deliver(t, chargeback(payPro(payment)))).statusCode).toBe(200);
    const seen = await expectRefunded(b, orderId);
    expect(seen).toMatchObject({ reports: [], has_access: false, plans: [{ status: "ended", next_charge_at: null }] });
    expect((await fulfilmentOf(t, orderId)).reportRequests).toEqual([]);
    expect(await receiptsTo(t, b.email)).toHaveLength(0);
  });

  it.each([
    ["declined", { outcome: "decline" as const }],
    ["needs_review", { amount: 1 }],
  ])("a refund for a %s order refunds it, and its later payment grants nothing", async (status, first) => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b);
    const payment = await paymentFor(t, orderId, { transactionId: `tx-${status}-${orderId}` });
    expect((await deliver(t, maxPay({ ...payment, ...first }))).statusCode).toBe(200);
    expect((await orderRow(t, orderId)).status).toBe(status);
    expect((await deliver(t, maxPay({ ...payment, outcome: "refund" }))).statusCode).toBe(200);
    expect((await orderRow(t, orderId)).status).toBe("refunded");
    expect((await deliver(t, maxPay({ ...payment, transactionId: `tx-again-${orderId}` }))).statusCode).toBe(200);
    const done = await fulfilmentOf(t, orderId);
    expect(done.status).toBe("refunded");
    expect(done.entitlements).toEqual([]);
    expect(done.subscriptions.filter((s) => s.status !== "ended")).toEqual([]);
    expect((await customerSees(b.email)).has_access).toBe(false);
  });
});

/** PayPro's chargeback IPN (IPN_TYPE_ID 3, OrderChargedBack) for the same order, signed as PayPro signs it. */
function chargeback(ipn: SignedNotification): SignedNotification {
  const f = new URLSearchParams(ipn.body.toString());
  f.set("IPN_TYPE_ID", "3");
  f.set("IPN_TYPE_NAME", "OrderChargedBack");
  f.set("ORDER_STATUS", "Chargeback");
  const signed = Object.fromEntries(
    ["ORDER_ID", "ORDER_STATUS", "ORDER_TOTAL_AMOUNT", "CUSTOMER_EMAIL", "TEST_MODE", "IPN_TYPE_NAME"].map((k) => [k, f.get(k) ?? ""]),
  );
  f.set("SIGNATURE", payproSignature(signed as Parameters<typeof payproSignature>[0], SANDBOX_KEYS.pay_pro.validationKey));
  return { ...ipn, body: Buffer.from(f.toString()) };
}
