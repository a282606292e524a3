import { eq } from "drizzle-orm";
import { join } from "node:path";
import { expect } from "vitest";
import { customers, entitlements, orders, paymentEvents, reportRequests, subscriptions } from "#server/db/schema.ts";
import { maxPayCallback, payProIpn, type SandboxPayment, type SignedNotification } from "#server/payments/sandbox/sandbox-notifications.ts";
import { answerAll, startQuiz } from "./quiz.ts";
import { client, createTestApp, type TestApp } from "./test-app.ts";

/** The payment tests run on the quiz fixture flow (tests/fixtures/flows/server-quiz.yaml, report server_quiz_report). */
export const paymentsTestApp = (options: Parameters<typeof createTestApp>[0] = {}) =>
  createTestApp({ flows: { dir: join(process.cwd(), "tests/fixtures/flows"), only: /^server-.*\.yaml$/ }, ...options });

export const REPORT = "server_quiz_report";

let ips = 0;
/** A fresh IP per buyer, so rate limits of one test do not leak into another. */
export const nextIp = () => `198.51.100.${(ips++ % 250) + 1}`;

/**
 * A visitor who finished the fixture quiz, e-mail step included (so the session has a customer and
 * a report to pay for: checkout refuses an unfinished quiz).
 */
export async function buyer(t: TestApp, email: string) {
  const browser = client(t.app, nextIp(), t.origin);
  const session = await startQuiz(t, browser);
  await answerAll(t, browser, session.id, email);
  const done = await browser.post(`/api/quiz/sessions/${session.id}/complete`, {});
  expect(done.statusCode, done.body).toBe(200);
  const [customer] = await t.db.select().from(customers).where(eq(customers.email, email));
  return { browser, sessionId: session.id, customerId: customer!.id, email };
}

export type Buyer = Awaited<ReturnType<typeof buyer>>;

/** Starts a checkout as the buyer and returns the order id and the hosted-checkout URL. */
export async function checkout(b: Buyer, productId = "month_1", extra: Record<string, unknown> = {}) {
  const res = await b.browser.post("/api/checkout/start", { product_id: productId, session_id: b.sessionId, currency: "USD", ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const { order_id, url } = res.json<{ data: { order_id: string; url: string } }>().data;
  return { orderId: order_id, url: new URL(url) };
}

export async function orderRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** What a notification did to an order: its status and every row fulfilment creates. */
export async function fulfilmentOf(t: TestApp, orderId: string) {
  const order = await orderRow(t, orderId);
  return {
    status: order.status,
    subscriptions: await t.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId)),
    entitlements: await t.db.select().from(entitlements).where(eq(entitlements.orderId, orderId)),
    reportRequests: order.quizSessionId ? await t.db.select().from(reportRequests).where(eq(reportRequests.quizSessionId, order.quizSessionId)) : [],
    events: await t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)),
  };
}

/** The payment the sandbox would report for an order, with overrides (a tampered amount…). */
export async function paymentFor(t: TestApp, orderId: string, overrides: Partial<SandboxPayment> = {}): Promise<SandboxPayment> {
  const order = await orderRow(t, orderId);
  const [customer] = await t.db.select().from(customers).where(eq(customers.id, order.customerId));
  return {
    orderId,
    customerId: order.customerId,
    email: customer!.email,
    productId: order.productId,
    productName: "Plan",
    amount: order.amount,
    currency: order.currency,
    outcome: "success",
    ...overrides,
  };
}

export const maxPay = maxPayCallback;
export const payPro = payProIpn;

/** Posts a notification to our webhook as the provider would. */
export const deliver = (t: TestApp, n: SignedNotification, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: `/api/webhooks/${n.provider}`, headers: { ...n.headers, ...headers }, payload: n.body });

/** Receipts in the outbox to one address. */
export const receiptsTo = async (t: TestApp, email: string) => (await t.outbox()).filter((m) => m.to.includes(email) && m.subject.includes("receipt"));
