import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentEvents } from "#server/db/schema.ts";
import { maxpayCallbackSignature } from "#server/payments/providers/maxpay-signature.ts";
import { buyer, checkout, deliver, fulfilmentOf, maxPay, orderRow, payPro, paymentFor, paymentsTestApp, receiptsTo, REPORT } from "../helpers/payments.ts";
import { rowCounts } from "../helpers/quiz.ts";
import { closeSharedDatabase, linkIn, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let n = 0;
const email = () => `payer${++n}@example.com`;

beforeAll(async () => {
  t = await paymentsTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

describe("Maxpay notifications: X-Signature over the raw body", () => {
  it("a valid callback pays the order once: subscription, report entitlement, report request and one receipt with a login link", async () => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b, "trial_7d");
    const res = await deliver(t, maxPay(await paymentFor(t, orderId)));
    expect(res.statusCode, res.body).toBe(200);

    const done = await fulfilmentOf(t, orderId);
    expect(done.status).toBe("paid");
    expect(done.subscriptions).toHaveLength(1);
    const sub = done.subscriptions[0]!;
    expect(sub).toMatchObject({ status: "active", currency: "USD", renewalAmount: 2999, customerId: b.customerId, productId: "trial_7d" });
    expect(sub.billToken).toMatch(/^sbxtok_/);
    // The 7-day trial: the first renewal is 7 days after the payment.
    expect(sub.nextChargeAt!.getTime() - sub.currentPeriodStart.getTime()).toBe(7 * 86_400_000);
    expect(done.entitlements).toMatchObject([{ customerId: b.customerId, reportCode: REPORT }]);
    // One report request for this customer; its status is the worker's business (the payment
    // kicks the worker, which may already hold it), covered in reports.test.ts.
    expect(done.reportRequests).toMatchObject([{ reportCode: REPORT, customerId: b.customerId }]);

    const mails = await receiptsTo(t, b.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("US$1.99");
    expect(mails[0]!.text).toContain("renews on");
    expect(mails[0]!.text).toContain("US$29.99");
    expect(mails[0]!.text).toContain("/account/profile/my-plans");
    const link = linkIn(mails, b.email, "tmp_token=");
    expect(link.pathname).toBe("/login");
    expect(link.searchParams.get("email")).toBe(b.email);
    // The link logs in.
    const login = await b.browser.post("/api/auth/login", { email: b.email, tmp_token: link.searchParams.get("tmp_token") });
    expect(login.statusCode, login.body).toBe(200);
  });

  it("a wrong or missing signature, or a body changed after signing, is a 401 and stores nothing", async () => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b);
    const good = maxPay(await paymentFor(t, orderId));
    const before = await rowCounts(t);
    const tampered = Buffer.from(good.body.toString().replace(`"totalAmount":19.99`, `"totalAmount":0.01`));
    expect(tampered.equals(good.body)).toBe(false);
    for (const res of [
      await deliver(t, { ...good, body: tampered }),
      await deliver(t, good, { "x-signature": "0".repeat(64) }),
      await deliver(t, good, { "x-signature": maxpayCallbackSignature(good.body, "someone-elses-key") }),
      await t.app.inject({ method: "POST", url: "/api/webhooks/max_pay", headers: { "content-type": "application/json" }, payload: good.body }),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: "invalid_signature" } });
    }
    expect(await rowCounts(t)).toEqual(before);
    expect((await orderRow(t, orderId)).status).toBe("pending");
  });

  it("a replayed callback is answered 200 and changes nothing", async () => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b);
    const callback = maxPay(await paymentFor(t, orderId));
    expect((await deliver(t, callback)).statusCode).toBe(200);
    const after = await rowCounts(t);
    for (let i = 0; i < 3; i++) expect((await deliver(t, callback)).statusCode).toBe(200);
    expect(await rowCounts(t)).toEqual(after);
    expect(await receiptsTo(t, b.email)).toHaveLength(1);
  });

  it("100 concurrent deliveries of the same callback: one order paid, one subscription, one entitlement, one e-mail", async () => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b);
    const callback = maxPay(await paymentFor(t, orderId));
    const results = await Promise.all(Array.from({ length: 100 }, () => deliver(t, callback)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    const done = await fulfilmentOf(t, orderId);
    expect(done.status).toBe("paid");
    expect(done.subscriptions).toHaveLength(1);
    expect(done.entitlements).toHaveLength(1);
    expect(done.reportRequests).toHaveLength(1);
    expect(done.events).toHaveLength(1);
    expect(await receiptsTo(t, b.email)).toHaveLength(1);
  });
});

describe("PayPro IPNs: HASH and SIGNATURE", () => {
  let payProApp: TestApp;
  beforeAll(async () => {
    payProApp = await paymentsTestApp({ database: t.database });
  });
  afterAll(async () => payProApp.close());

  it("a valid IPN for a PayPro order pays it; a bad HASH or SIGNATURE is a 401; a replay does nothing", async () => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b);
    // The order was made with max_pay (the catalogue's pay_system); make it a PayPro one for this test.
    await t.db.execute(`update orders set provider = 'pay_pro' where id = '${orderId}'`);
    const ipn = payPro(await paymentFor(t, orderId, { transactionId: "55512345" }));
    const fields = new URLSearchParams(ipn.body.toString());
    const before = await rowCounts(t);
    for (const [field, value] of [
      ["HASH", "0".repeat(32)],
      ["SIGNATURE", "f".repeat(64)],
      ["ORDER_TOTAL_AMOUNT", "0.01"],
      ["CUSTOMER_EMAIL", "thief@example.com"],
    ] as const) {
      const forged = new URLSearchParams(fields);
      forged.set(field, value);
      const res = await deliver(payProApp, { ...ipn, body: Buffer.from(forged.toString()) });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(401);
    }
    expect(await rowCounts(t)).toEqual(before);

    expect((await deliver(payProApp, ipn)).statusCode).toBe(200);
    expect((await orderRow(t, orderId)).status).toBe("paid");
    const after = await rowCounts(t);
    expect((await deliver(payProApp, ipn)).statusCode).toBe(200);
    expect(await rowCounts(t)).toEqual(after);
    const [event] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId));
    expect(event).toMatchObject({ provider: "pay_pro", eventKey: "55512345:OrderCharged", status: "processed" });
  });

  it("a non-test IPN must carry MD5(ORDER_ID + secret key)", async () => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b);
    await t.db.execute(`update orders set provider = 'pay_pro' where id = '${orderId}'`);
    const payment = await paymentFor(t, orderId);
    const good = payPro({ ...payment, test: false });
    expect(
      (await deliver(t, payPro({ ...payment, test: false }, { secretKey: "wrong", validationKey: "pathwise-sandbox-paypro-validation" }))).statusCode,
    ).toBe(401);
    expect((await deliver(t, good)).statusCode).toBe(200);
    expect((await orderRow(t, orderId)).status).toBe("paid");
  });
});

describe("out-of-order delivery", () => {
  it("a decline arriving after the success does not undo the payment", async () => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b);
    expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
    const res = await deliver(t, maxPay(await paymentFor(t, orderId, { outcome: "decline" })));
    expect(res.statusCode).toBe(200);
    const done = await fulfilmentOf(t, orderId);
    expect(done.status).toBe("paid");
    expect(done.entitlements).toHaveLength(1);
    expect(done.events.map((e) => e.status).sort()).toEqual(["ignored", "processed"]);
  });

  it("a success after a decline (a second attempt on the same checkout) pays the order", async () => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b);
    await deliver(t, maxPay(await paymentFor(t, orderId, { outcome: "decline" })));
    expect((await orderRow(t, orderId)).status).toBe("declined");
    await deliver(t, maxPay(await paymentFor(t, orderId)));
    const done = await fulfilmentOf(t, orderId);
    expect(done.status).toBe("paid");
    expect(done.subscriptions).toHaveLength(1);
  });

  it("a refund ends access; a success arriving after it (late) does not bring it back", async () => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b);
    const payment = await paymentFor(t, orderId, { transactionId: `tx-refund-${orderId}` });
    const success = maxPay(payment);
    await deliver(t, success);
    expect((await deliver(t, maxPay({ ...payment, outcome: "refund" }))).statusCode).toBe(200);
    let done = await fulfilmentOf(t, orderId);
    expect(done.status).toBe("refunded");
    expect(done.entitlements).toHaveLength(0);
    expect(done.subscriptions[0]).toMatchObject({ status: "ended", nextChargeAt: null });
    // Another success for the refunded order (a late one) changes nothing.
    await deliver(t, maxPay({ ...payment, transactionId: `tx-late-${orderId}` }));
    done = await fulfilmentOf(t, orderId);
    expect(done.status).toBe("refunded");
    expect(done.entitlements).toHaveLength(0);
  });
});

describe("price tampering", () => {
  it.each([
    ["amount", { amount: 1 }],
    ["currency", { currency: "EUR" }],
    ["product", { productId: "quarter_3" }],
  ])("a paid %s that differs from the order → needs_review, no access, no e-mail", async (_what, change) => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b);
    const res = await deliver(t, maxPay(await paymentFor(t, orderId, change)));
    expect(res.statusCode).toBe(200);
    const done = await fulfilmentOf(t, orderId);
    expect(done.status).toBe("needs_review");
    expect(done.subscriptions).toHaveLength(0);
    expect(done.entitlements).toHaveLength(0);
    expect(done.events[0]).toMatchObject({ status: "needs_review" });
    expect(done.events[0]!.note).toContain("does not match");
    expect(await receiptsTo(t, b.email)).toHaveLength(0);
  });
});

describe("odd notifications", () => {
  it("an unknown event type is stored with status unknown and answered 200", async () => {
    const body = Buffer.from(JSON.stringify({ transactionId: "cb-1", transactionType: "CHARGEBACK", status: "success", totalAmount: 19.99, currency: "USD" }));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/max_pay",
      headers: { "content-type": "application/json", "x-signature": maxpayCallbackSignature(body, "skTest_pathwise_sandbox_private_key") },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventKey, "cb-1:success:CHARGEBACK"));
    expect(event).toMatchObject({ status: "unknown", type: "unknown" });
    expect(event!.note).toContain("CHARGEBACK");
  });

  it.each([
    ["not JSON", "text/plain", Buffer.from("hello\u0000world")],
    [
      "JSON with NUL and lone surrogates",
      "application/json",
      Buffer.from(
        JSON.stringify({ transactionId: "x\u0000\ud800", status: "success", transactionType: "SALE", customParameters: { pathwise_order_id: "nope" } }),
      ),
    ],
    ["an empty body", "application/json", Buffer.alloc(0)],
  ])("a signed body that is %s is stored or ignored, never a 500", async (_what, type, body) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/max_pay",
      headers: { "content-type": type, "x-signature": maxpayCallbackSignature(body, "skTest_pathwise_sandbox_private_key") },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each(["+010000-01-01T00:00:00Z", "-000001-01-01T00:00:00Z", "1850-01-01T00:00:00Z"])(
    "a signed callback dated %s is a 400 that stores nothing (not a 503 on every retry)",
    async (date) => {
      const body = Buffer.from(
        JSON.stringify({
          transactionId: `date-${date}`,
          transactionType: "SALE",
          status: "success",
          transactionDate: date,
          totalAmount: 19.99,
          currency: "USD",
        }),
      );
      const res = await t.app.inject({
        method: "POST",
        url: "/api/webhooks/max_pay",
        headers: { "content-type": "application/json", "x-signature": maxpayCallbackSignature(body, "skTest_pathwise_sandbox_private_key") },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe("invalid_notification");
      expect(
        await t.db
          .select()
          .from(paymentEvents)
          .where(eq(paymentEvents.eventKey, `date-${date}:success:SALE`)),
      ).toHaveLength(0);
    },
  );

  it("a notification for an order that does not exist is stored as ignored", async () => {
    const res = await deliver(
      t,
      maxPay({
        orderId: "00000000-0000-4000-8000-000000000000",
        customerId: "x",
        email: "a@b.c",
        productId: "month_1",
        productName: "x",
        amount: 1999,
        currency: "USD",
        outcome: "success",
        transactionId: "ghost-1",
      }),
    );
    expect(res.statusCode).toBe(200);
    const [event] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventKey, "ghost-1:success:SALE"));
    expect(event).toMatchObject({ status: "ignored", note: "no such order" });
  });
});

describe("production", () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await paymentsTestApp({
      database: t.database,
      env: {
        NODE_ENV: "production",
        APP_ORIGIN: "https://pathwise.example",
        SMTP_URL: "smtp://127.0.0.1:1",
        MAXPAY_PUBLIC_KEY: "pk_live_prod",
        MAXPAY_PRIVATE_KEY: "test-only-production-key",
        PAYPRO_SECRET_KEY: "live-secret",
        PAYPRO_VALIDATION_KEY: "live-validation",
      },
    });
  });
  afterAll(async () => prod.close());

  it("a PayPro test-mode IPN (HASH = MD5('1')) is rejected with 400 and stores nothing, even with a valid SIGNATURE", async () => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b);
    await t.db.execute(`update orders set provider = 'pay_pro' where id = '${orderId}'`);
    const before = await rowCounts(t);
    const ipn = payPro({ ...(await paymentFor(t, orderId)), test: true }, { secretKey: "live-secret", validationKey: "live-validation" });
    const res = await deliver(prod, ipn);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: "test_event_rejected" } });
    expect(await rowCounts(t)).toEqual(before);
    expect((await orderRow(t, orderId)).status).toBe("pending");
  });

  it("a callback signed with the sandbox key is a 401; one signed with the live key is accepted", async () => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b);
    const payment = await paymentFor(t, orderId);
    expect((await deliver(prod, maxPay(payment))).statusCode).toBe(401);
    expect((await deliver(prod, maxPay(payment, "test-only-production-key"))).statusCode).toBe(200);
    expect((await orderRow(t, orderId)).status).toBe("paid");
  });

  it("serves no sandbox checkout", async () => {
    const res = await prod.app.inject({ method: "GET", url: "/sandbox/max_pay/checkout?x=1" });
    // (Unknown paths fall through to the app's page, never to a checkout.)
    expect(res.body).not.toContain("Approve payment");
  });
});
