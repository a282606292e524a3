import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { orders, subscriptions } from "#server/db/schema.ts";
import { checkout, deliver, maxPay, nextIp, paymentFor } from "./payments.ts";
import { answer, FLOW, flowHash, fullAnswers, type Browser } from "./quiz.ts";
import { client, type TestApp } from "./test-app.ts";

/** A visitor of the fixture quiz: the variant of its experiment they get, where they came from (if anywhere), and how far they go. */
export type FunnelVisitor = {
  variant: "a" | "b";
  source?: string;
  until: "intro" | "questions" | "email" | "checkout" | "paid" | "refunded" | "renewed";
};

/**
 * A visitor as the browser drives the fixture funnel: views and answers each step in turn, then
 * checkout and a sandbox payment. A refunded one's order is then marked refunded; a renewed one's
 * subscription gets the paid renewal the job would charge a week later.
 */
export async function visitFunnel(t: TestApp, v: FunnelVisitor, email: string): Promise<void> {
  const browser: Browser = client(t.app, nextIp(), t.origin);
  const attribution = v.source ? { attribution: { utm: { utm_source: v.source, utm_campaign: `${v.source}-nov` } } } : {};
  const start = await browser.post("/api/quiz/sessions", { flow_code: FLOW, flow_hash: flowHash(t), variants: { "result-page": v.variant }, ...attribution });
  expect(start.statusCode, start.body).toBe(201);
  const id = start.json<{ data: { id: string } }>().data.id;
  const view = async (step: string) => expect((await browser.post(`/api/quiz/sessions/${id}/events`, { type: "view", step_id: step })).statusCode).toBe(202);
  await view("intro");
  if (v.until === "intro") return;
  expect((await answer(t, browser, id, "intro", null)).statusCode).toBe(200);
  for (const [step, value] of fullAnswers(email)) {
    await view(step);
    if (step === "email" && v.until === "questions") return;
    const res = await answer(t, browser, id, step, value);
    expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
  }
  await view("analyzing");
  if (v.until === "email") return;
  // The analyzing step finishes the quiz; checkout takes only a finished one.
  expect((await browser.post(`/api/quiz/sessions/${id}/complete`, {})).statusCode).toBe(200);
  const { orderId } = await checkout({ browser, sessionId: id, customerId: "", email: "" }, "trial_7d");
  if (v.until === "checkout") return;
  expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
  await view("result");
  if (v.until === "refunded") await t.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, orderId));
  if (v.until === "renewed") {
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    const [initial] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    await t.db.insert(orders).values({
      customerId: initial!.customerId,
      productId: initial!.productId,
      provider: initial!.provider,
      kind: "renewal",
      subscriptionId: sub!.id,
      currency: "USD",
      amount: 2999,
      status: "paid",
      paidAt: new Date(initial!.paidAt!.getTime() + 7 * 86_400_000),
    });
  }
}
