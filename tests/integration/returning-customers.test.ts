import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_INCLUDES, REFUND_TERMS } from "#schemas/content/refund-terms.ts";
import { runOutcomes } from "#server/analytics/funnel-queries.ts";
import { customers, entitlements, orders, reportRequests, subscriptions } from "#server/db/schema.ts";
import { deletedAddress } from "#server/auth/deleted-address.ts";
import { refundDepsOf, refundDuplicatePayments } from "#server/payments/duplicate-payments.ts";
import { deliver, maxPay, nextIp, paymentFor } from "../helpers/payments.ts";
import { takeFlow } from "../helpers/quiz.ts";
import { insertSubscription } from "../helpers/subscriptions.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * The second time around (issue 18): a subscriber's next assessment comes with the plan, and one
 * quiz is paid at most once whatever the visitor does — Back, tabs, late or reordered notifications.
 * Real funnels (career, income, stress), real report templates, the sandbox provider.
 */
let t: TestApp;
let n = 0;
const email = () => `returning${++n}@example.org`;
type Browser = ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

const customerOf = async (address: string) => (await t.db.select().from(customers).where(eq(customers.email, address)))[0]!;
const ordersOf = (customerId: string) => t.db.select().from(orders).where(eq(orders.customerId, customerId));
const subscriptionsOf = (customerId: string) => t.db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId));
const startCheckout = (browser: Browser, sessionId: string, product = "trial_7d") =>
  browser.post("/api/checkout/start", { product_id: product, session_id: sessionId, currency: "USD" });
const logIn = async (browser: Browser, customerId: string) => {
  browser.cookie = `${browser.cookie ? `${browser.cookie}; ` : ""}sid=${(await t.app.services.sessions.create(customerId)).token}`;
};

/** A visitor who took the career test and paid a 7-day trial for it: an active plan with one bought report. */
async function subscriber() {
  const address = email();
  const browser = client(t.app, nextIp(), t.origin);
  const sessionId = await takeFlow(t, browser, "career_test_green", address);
  const started = await startCheckout(browser, sessionId);
  expect(started.statusCode, started.body).toBe(200);
  const orderId = started.json().data.order_id as string;
  expect((await deliver(t, maxPay(await paymentFor(t, orderId, { transactionId: `first-${orderId}` })))).statusCode).toBe(200);
  const customer = await customerOf(address);
  return { browser, address, customerId: customer.id, orderId, sessionId };
}

describe("a plan includes every assessment's report", () => {
  it("a subscriber's second quiz: the pre-checkout names the plan, one call adds the report with no order, it is built, listed and mailed", async () => {
    const s = await subscriber();
    await logIn(s.browser, s.customerId);
    const income = await takeFlow(t, s.browser, "income_growth", s.address);

    const before = await s.browser.get(`/api/quiz/sessions/${income}/payment`);
    expect(before.json()).toEqual({ data: { paid: false, order_id: null, included: false, covering_plan: { name: "7-day trial" } } });
    // Paying again is refused: the plan already covers it.
    expect((await startCheckout(s.browser, income)).json().error.code).toBe("plan_active");

    const taken = await s.browser.post(`/api/quiz/sessions/${income}/include-report`, {});
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({ data: { included: true, plan_name: "7-day trial" } });
    const [sub] = await subscriptionsOf(s.customerId);
    const [granted] = await t.db
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.customerId, s.customerId), eq(entitlements.reportCode, "income_growth")));
    expect(granted).toMatchObject({ subscriptionId: sub!.id, orderId: s.orderId });
    expect(await ordersOf(s.customerId)).toHaveLength(1);
    expect(await subscriptionsOf(s.customerId)).toHaveLength(1);

    // Calling again changes nothing.
    expect((await s.browser.post(`/api/quiz/sessions/${income}/include-report`, {})).statusCode).toBe(200);
    expect(await t.db.select().from(reportRequests).where(eq(reportRequests.quizSessionId, income))).toHaveLength(1);
    expect((await s.browser.get(`/api/quiz/sessions/${income}/payment`)).json().data).toMatchObject({ paid: false, included: true });

    await t.app.services.reports.drain();
    const report = (await s.browser.get(`/api/quiz/sessions/${income}/report`)).json().data;
    expect(report).toMatchObject({ access: "full", status: "ready" });
    const listed = (await s.browser.get("/api/customer/latest-reports")).json().data as { prompt_code: string; status: string }[];
    expect(listed.map((r) => r.prompt_code).sort()).toEqual(["career_riasec", "income_growth"]);
    const ready = (await t.outbox()).filter((m) => m.to.includes(s.address) && m.subject.startsWith("Your report is ready"));
    expect(ready.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringContaining("income")]));
    expect(ready).toHaveLength(2);
  });

  it("paused and cancelled plans with paid time left include it; an ended plan or none sends to the plans (403 with the unlock)", async () => {
    const cases = [
      { status: "paused" as const, expected: 200 },
      { status: "cancelled" as const, expected: 200 },
      { status: "ended" as const, expected: 403, reason: "plan_ended" },
      { status: null, expected: 403, reason: "no_plan" },
    ];
    for (const c of cases) {
      const address = email();
      const [customer] = await t.db.insert(customers).values({ email: address }).returning();
      const now = t.clock.now();
      if (c.status) {
        const ended = c.status === "ended";
        await insertSubscription(t.db, customer!.id, now, {
          status: c.status,
          ...(ended ? { currentPeriodEnd: new Date(now.getTime() - 1000), endedAt: now, nextChargeAt: null } : {}),
        });
      }
      const browser = client(t.app, nextIp(), t.origin);
      await logIn(browser, customer!.id);
      const sessionId = await takeFlow(t, browser, "stress_level", address);
      const res = await browser.post(`/api/quiz/sessions/${sessionId}/include-report`, {});
      expect(res.statusCode, `${c.status}: ${res.body}`).toBe(c.expected);
      if (c.reason) {
        expect(res.json().error).toMatchObject({ code: "subscription_required", unlock: { reason: c.reason } });
        expect(await t.db.select().from(reportRequests).where(eq(reportRequests.quizSessionId, sessionId))).toHaveLength(0);
        expect((await browser.get(`/api/quiz/sessions/${sessionId}/payment`)).json().data.covering_plan).toBeNull();
      }
    }
  });

  it("only the logged-in owner of a finished quiz: 401 logged out, 404 for another's session, 409 before the end", async () => {
    const s = await subscriber();
    const anonymous = client(t.app, nextIp(), t.origin);
    const theirs = await takeFlow(t, anonymous, "stress_level", email());
    expect((await anonymous.post(`/api/quiz/sessions/${theirs}/include-report`, {})).statusCode).toBe(401);
    // A browser that holds a session a stranger typed the subscriber's address into: not theirs to include.
    await logIn(s.browser, s.customerId);
    expect((await s.browser.post(`/api/quiz/sessions/${theirs}/include-report`, {})).statusCode).toBe(404);

    const flow = t.flows.find((f) => f.code === "stress_level")!;
    const started = await s.browser.post("/api/quiz/sessions", { flow_code: flow.code, flow_hash: flow.hash });
    const open = started.json().data.id as string;
    const res = await s.browser.post(`/api/quiz/sessions/${open}/include-report`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("quiz_incomplete");
    expect(await t.db.select().from(reportRequests).where(eq(reportRequests.quizSessionId, open))).toHaveLength(0);
  });

  it("a refund of the plan's first order takes back the reports it included", async () => {
    const s = await subscriber();
    await logIn(s.browser, s.customerId);
    const income = await takeFlow(t, s.browser, "income_growth", s.address);
    expect((await s.browser.post(`/api/quiz/sessions/${income}/include-report`, {})).statusCode).toBe(200);
    expect((await deliver(t, maxPay(await paymentFor(t, s.orderId, { transactionId: `first-${s.orderId}`, outcome: "refund" })))).statusCode).toBe(200);
    expect(await t.db.select().from(entitlements).where(eq(entitlements.customerId, s.customerId))).toHaveLength(0);
    expect((await s.browser.get(`/api/quiz/sessions/${income}/report`)).json().data.access).not.toBe("full");
  });
});

describe("one paid order per quiz", () => {
  /** A visitor who finished the career test, not logged in, ready to pay. */
  async function visitor() {
    const address = email();
    const browser = client(t.app, nextIp(), t.origin);
    const sessionId = await takeFlow(t, browser, "career_test_green", address);
    return { browser, address, sessionId, customerId: (await customerOf(address)).id };
  }
  const refundsDone = () => refundDuplicatePayments(refundDepsOf(t.app), t.clock.now());

  it("starting checkout again (Back, a reload, three tabs at once) hands back the same open order; another plan is another order", async () => {
    const v = await visitor();
    const tabs = await Promise.all([startCheckout(v.browser, v.sessionId), startCheckout(v.browser, v.sessionId), startCheckout(v.browser, v.sessionId)]);
    expect(tabs.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(tabs.map((r) => r.json().data.order_id as string));
    expect(ids.size).toBe(1);
    expect((await startCheckout(v.browser, v.sessionId)).json().data.order_id).toBe([...ids][0]);
    const other = (await startCheckout(v.browser, v.sessionId, "month_1")).json().data.order_id as string;
    expect(ids.has(other)).toBe(false);
    expect(await ordersOf(v.customerId)).toHaveLength(2);
  });

  it("two orders of one quiz both paid, notifications reordered: the first to arrive counts, the other is refunded, one plan and one report", async () => {
    // This run alone in its hour, so the funnel report's window holds only it.
    t.clock.advance(3600);
    const since = t.clock.now();
    const v = await visitor();
    const a = (await startCheckout(v.browser, v.sessionId, "month_1")).json().data.order_id as string;
    const b = (await startCheckout(v.browser, v.sessionId, "trial_7d")).json().data.order_id as string;
    // b was paid second but its notification comes first (a's was delayed).
    expect((await deliver(t, maxPay(await paymentFor(t, b, { transactionId: `b-${b}` })))).statusCode).toBe(200);
    expect((await deliver(t, maxPay(await paymentFor(t, a, { transactionId: `a-${a}` })))).statusCode).toBe(200);
    const statuses = async () => Object.fromEntries((await ordersOf(v.customerId)).map((o) => [o.id, o.status]));
    // a grants nothing; its refund is asked of the provider right after the notification (or by the renewal schedule).
    expect((await statuses())[b]).toBe("paid");
    expect(["refunding", "refunded"]).toContain((await statuses())[a]);
    expect((await v.browser.get(`/api/quiz/sessions/${v.sessionId}/payment`)).json().data).toMatchObject({ paid: true, order_id: b });

    await refundsDone();
    expect(await statuses()).toEqual({ [b]: "paid", [a]: "refunded" });
    expect((await ordersOf(v.customerId)).find((o) => o.id === a)).toMatchObject({ duplicateOf: b, refundedAt: expect.any(Date) });
    // The tab that paid a tells its payer that b went through (ADR 035), not only that a was refunded.
    expect((await v.browser.get(`/api/orders/${a}`)).json().data).toMatchObject({ status: "refunded", other_payment_went_through: true });
    expect((await v.browser.get(`/api/orders/${b}`)).json().data).toMatchObject({ status: "paid", other_payment_went_through: false });
    // The growth team's report sees one sale of the trial, not two sales and a refund.
    const outcomes = await runOutcomes(t.db, { flow: "career_test_green", since, until: new Date(since.getTime() + 60_000), groupBy: null });
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ paid: true, firstCharge: 199, refunds: 0, refundAmount: 0 });
    expect(await subscriptionsOf(v.customerId)).toHaveLength(1);
    expect((await subscriptionsOf(v.customerId))[0]!.orderId).toBe(b);
    expect(await t.db.select().from(entitlements).where(eq(entitlements.customerId, v.customerId))).toHaveLength(1);
    const mails = (await t.outbox()).filter((m) => m.to.includes(v.address));
    const receipts = mails.filter((m) => m.subject.includes("receipt"));
    expect(receipts).toHaveLength(1);
    // The receipt says what the pre-checkout and /pricing say: what the plan includes and the refund terms.
    expect(receipts[0]!.text).toContain(PLAN_INCLUDES);
    expect(receipts[0]!.text).toContain(REFUND_TERMS);
    expect(mails.filter((m) => m.subject.startsWith("We refunded a second payment"))).toHaveLength(1);
    expect(mails.filter((m) => m.subject.startsWith("Your refund"))).toHaveLength(0);
    // A late duplicate of a's notification, or the provider's refund notice, changes nothing more.
    expect((await deliver(t, maxPay(await paymentFor(t, a, { transactionId: `a-${a}`, outcome: "refund" })))).statusCode).toBe(200);
    expect(await statuses()).toEqual({ [b]: "paid", [a]: "refunded" });
    expect(await subscriptionsOf(v.customerId)).toHaveLength(1);
  });

  it("two orders' payments arriving at the same moment: exactly one is paid, one plan", async () => {
    for (let round = 0; round < 3; round++) {
      const v = await visitor();
      const a = (await startCheckout(v.browser, v.sessionId, "month_1")).json().data.order_id as string;
      const b = (await startCheckout(v.browser, v.sessionId, "trial_7d")).json().data.order_id as string;
      const pa = maxPay(await paymentFor(t, a, { transactionId: `ca-${a}` }));
      const pb = maxPay(await paymentFor(t, b, { transactionId: `cb-${b}` }));
      const results = await Promise.all([deliver(t, pa), deliver(t, pb)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const rows = await ordersOf(v.customerId);
      expect(rows.filter((o) => o.status === "paid")).toHaveLength(1);
      expect(rows.filter((o) => o.status === "refunding" || o.status === "refunded")).toHaveLength(1);
      expect(await subscriptionsOf(v.customerId)).toHaveLength(1);
      await refundsDone();
    }
  });

  it("one order paid twice on the provider's page (two transactions): the second charge is recorded and refunded, nothing else changes", async () => {
    const v = await visitor();
    const a = (await startCheckout(v.browser, v.sessionId)).json().data.order_id as string;
    expect((await deliver(t, maxPay(await paymentFor(t, a, { transactionId: `t1-${a}` })))).statusCode).toBe(200);
    expect((await deliver(t, maxPay(await paymentFor(t, a, { transactionId: `t2-${a}` })))).statusCode).toBe(200);
    const rows = await ordersOf(v.customerId);
    expect(rows).toHaveLength(2);
    const duplicate = rows.find((o) => o.id !== a)!;
    expect(duplicate).toMatchObject({ providerOrderId: `t2-${a}`, reportCode: null, amount: 199, duplicateOf: a });
    expect(["refunding", "refunded"]).toContain(duplicate.status);
    await refundsDone();
    expect((await ordersOf(v.customerId)).find((o) => o.id === duplicate.id)!.status).toBe("refunded");
    expect(await subscriptionsOf(v.customerId)).toHaveLength(1);
    // The same transaction notified again is not a second charge.
    expect((await deliver(t, maxPay(await paymentFor(t, a, { transactionId: `t1-${a}` })))).statusCode).toBe(200);
    expect(await ordersOf(v.customerId)).toHaveLength(2);
  });

  it("a duplicate still being refunded when the account is deleted is refunded all the same, with no mail to the erased address", async () => {
    const v = await visitor();
    const a = (await startCheckout(v.browser, v.sessionId, "month_1")).json().data.order_id as string;
    // Paid and refunding, as a duplicate is between its notification and the provider's answer.
    await t.db
      .update(orders)
      .set({ status: "refunding", paidAt: t.clock.now(), providerOrderId: `del-${a}` })
      .where(eq(orders.id, a));
    await t.db
      .update(customers)
      .set({ email: deletedAddress(v.customerId) })
      .where(eq(customers.id, v.customerId));
    await refundsDone();
    expect((await ordersOf(v.customerId))[0]).toMatchObject({ status: "refunded", refundedAt: expect.any(Date) });
    expect((await t.outbox()).filter((m) => m.to.includes(deletedAddress(v.customerId)))).toHaveLength(0);
  });
});
