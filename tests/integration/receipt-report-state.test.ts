import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportRequests } from "#server/db/schema.ts";
import { buyer, checkout, deliver, maxPay, paymentFor, paymentsTestApp, receiptsTo, REPORT } from "../helpers/payments.ts";
import { closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

/**
 * The receipt's sentence about the report follows the report's state as it stands when the receipt
 * is written (in the payment's transaction), not a fixed "being prepared".
 */
let t: TestApp;
let n = 0;
const email = () => `receipt-state${++n}@example.com`;

beforeAll(async () => {
  t = await paymentsTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

describe("the receipt says what the report is", () => {
  it("being prepared, while its request waits for the worker", async () => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b, "trial_7d");
    expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
    const [receipt] = await receiptsTo(t, b.email);
    expect(receipt!.text).toContain("Your personal report is being prepared. We will e-mail you as soon as it is ready");
    expect(receipt!.text).not.toContain("is ready and saved");
  });

  it("ready, with its link, when the report was built before the receipt was written", async () => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b, "trial_7d");
    const now = new Date();
    await t.db
      .insert(reportRequests)
      .values({ customerId: b.customerId, quizSessionId: b.sessionId, reportCode: REPORT, status: "ready", readyAt: now, createdAt: now, updatedAt: now });
    expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
    const [receipt] = await receiptsTo(t, b.email);
    expect(receipt!.text).not.toContain("being prepared");
    expect(receipt!.text).toContain(`Your personal report is ready and saved in your account.\nYour report: ${t.origin}/account/reports/${REPORT}`);
    expect(receipt!.subject).toContain("receipt");
  });
});
