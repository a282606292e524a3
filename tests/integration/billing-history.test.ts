import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, orders } from "#server/db/schema.ts";
import { buyer, checkout, deliver, maxPay, orderRow, paymentFor, paymentsTestApp, receiptsTo } from "../helpers/payments.ts";
import { signedInCustomer } from "../helpers/subscriptions.ts";
import { client, closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

/**
 * Issue 18: the account's billing history lists every charge and every refund (a refund is its own
 * line) with date, amount, currency and plan, newest first, each with a receipt; the API is the
 * customer's own (401 logged out, 404 for anyone else's order). Receipts write money as the site
 * does ("US$19.99"), every e-mail carries Reply-To: the support address, and dates in e-mails are
 * in the customer's time zone, named.
 */
let t: TestApp;
let n = 0;
/** The support address every e-mail replies to: the catalogue's, as the site shows it. */
const SUPPORT = "support@pathwise.app";
const email = () => `billing${++n}@example.com`;

type Line = { id: string; order_id: string; type: string; order_kind: string; at: string; amount: number; currency: string; plan_name: string };

beforeAll(async () => {
  t = await paymentsTestApp({ env: { RENEWALS_INTERVAL_SECONDS: "0" } });
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

/** A buyer who paid for the 1-month plan (US$19.99 today) through the Maxpay sandbox notification. */
async function paidBuyer(timeZone?: string) {
  const b = await buyer(t, email());
  if (timeZone) await t.db.update(customers).set({ timeZone }).where(eq(customers.id, b.customerId));
  const { orderId } = await checkout(b, "month_1");
  const payment = await paymentFor(t, orderId, { transactionId: `tx-billing-${orderId}` });
  const res = await deliver(t, maxPay(payment));
  expect(res.statusCode, res.body).toBe(200);
  expect((await orderRow(t, orderId)).status).toBe("paid");
  return { ...b, orderId, payment };
}

describe("billing history", () => {
  it("lists the charge, then the refund as its own line, newest first; each with a receipt whose data is right", async () => {
    const b = await paidBuyer();
    t.clock.advance(3600);
    const refund = await deliver(t, maxPay({ ...b.payment, outcome: "refund" }));
    expect(refund.statusCode, refund.body).toBe(200);
    const order = await orderRow(t, b.orderId);
    expect(order.status).toBe("refunded");
    expect(order.refundedAt).not.toBeNull();

    const me = await signedInCustomer(t.app, b.email);
    const res = await me.get("/api/customer/billing");
    expect(res.statusCode).toBe(200);
    const lines = res.json().data as Line[];
    expect(lines).toEqual([
      {
        id: `${b.orderId}:refund`,
        order_id: b.orderId,
        type: "refund",
        order_kind: "initial",
        at: order.refundedAt!.toISOString(),
        amount: 1999,
        currency: "USD",
        plan_name: "1 month",
      },
      {
        id: `${b.orderId}:charge`,
        order_id: b.orderId,
        type: "charge",
        order_kind: "initial",
        at: order.paidAt!.toISOString(),
        amount: 1999,
        currency: "USD",
        plan_name: "1 month",
      },
    ]);

    const receipt = await me.get(`/api/customer/billing/${b.orderId}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json().data).toEqual({
      order_id: b.orderId,
      order_kind: "initial",
      plan_name: "1 month",
      period: "month",
      trial_days: 0,
      amount: 1999,
      currency: "USD",
      paid_at: order.paidAt!.toISOString(),
      refunded_at: order.refundedAt!.toISOString(),
      provider_reference: order.providerOrderId,
      payment_method: "Card, through Maxpay",
      customer_email: b.email,
      seller: { name: "Pathwise", website: t.origin, support_email: SUPPORT },
    });
  });

  it("a renewal charged later comes first; pending and declined orders are not charges", async () => {
    const b = await paidBuyer();
    const me = await signedInCustomer(t.app, b.email);
    const first = await orderRow(t, b.orderId);
    const later = new Date(first.paidAt!.getTime() + 30 * 86_400_000);
    const [renewal] = await t.db
      .insert(orders)
      .values({
        customerId: b.customerId,
        productId: "month_1",
        provider: "max_pay",
        kind: "renewal",
        subscriptionId: first.subscriptionId,
        currency: "USD",
        amount: 2999,
        status: "paid",
        paidAt: later,
        providerOrderId: "sbx_renewal_1",
      })
      .returning();
    const [declined] = await t.db
      .insert(orders)
      .values({ customerId: b.customerId, productId: "month_1", provider: "max_pay", kind: "renewal", currency: "USD", amount: 2999, status: "declined" })
      .returning();
    const lines = (await me.get("/api/customer/billing")).json().data as Line[];
    expect(lines.map((l) => [l.type, l.order_kind, l.amount, l.order_id])).toEqual([
      ["charge", "renewal", 2999, renewal!.id],
      ["charge", "initial", 1999, b.orderId],
    ]);
    expect((await me.get(`/api/customer/billing/${renewal!.id}`)).json().data).toMatchObject({
      order_kind: "renewal",
      amount: 2999,
      refunded_at: null,
      provider_reference: "sbx_renewal_1",
    });
    expect((await me.get(`/api/customer/billing/${declined!.id}`)).statusCode).toBe(404);
  });

  it("is the customer's own: 401 logged out, 404 for another customer's order, 400 for a malformed id", async () => {
    const owner = await paidBuyer();
    const other = await signedInCustomer(t.app, email());
    expect((await client(t.app).get("/api/customer/billing")).statusCode).toBe(401);
    expect((await client(t.app).get(`/api/customer/billing/${owner.orderId}`)).statusCode).toBe(401);
    const theirs = await other.get(`/api/customer/billing/${owner.orderId}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe("not_found");
    expect((await other.get("/api/customer/billing")).json().data).toEqual([]);
    expect((await other.get("/api/customer/billing/not-an-order")).statusCode).toBe(400);
  });
});

describe("the receipt e-mail", () => {
  it("writes money as US$, carries Reply-To: the support address, links its printable receipt, and dates in the customer's zone", async () => {
    const b = await paidBuyer("Asia/Tokyo");
    const [mail, ...more] = await receiptsTo(t, b.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Your Pathwise receipt: 1 month, US$19.99");
    expect(mail!.text).toContain("payment of US$19.99");
    expect(mail!.text).toContain("at US$29.99");
    expect(mail!.text).not.toMatch(/(^|[^A-Z])\$\d/);
    expect(mail!.replyTo).toContain(SUPPORT);
    expect(mail!.text).toContain(`${t.origin}/account/profile/receipts/${b.orderId}`);
    expect(mail!.text).toContain("Dates and times in this e-mail are in Asia/Tokyo time.");
  });
});
