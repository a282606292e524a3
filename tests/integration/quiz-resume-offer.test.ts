import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyer, checkout, deliver, maxPay, paymentFor, paymentsTestApp } from "../helpers/payments.ts";
import { FLOW, flowHash } from "../helpers/quiz.ts";
import { closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await paymentsTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

/**
 * A browser that lost its saved run (local storage cleared) and opens the funnel again: the server
 * re-opens its run so the browser resumes where its own copy would have (ADR 067). A finished run
 * nobody has paid for resumes at its offer, so the visitor does not answer every question again to
 * reach it; a paid one starts anew.
 */
describe("a finished run re-opened for the browser that ran it", () => {
  it("is the same session, with its answers, until it is paid; then starting again starts a new run", async () => {
    const b = await buyer(t, "resume-offer@example.org");
    const start = () => b.browser.post("/api/quiz/sessions", { flow_code: FLOW, flow_hash: flowHash(t) });

    const again = await start();
    expect(again.statusCode).toBe(200);
    const session = again.json().data;
    expect(session).toMatchObject({ id: b.sessionId, status: "ready" });
    expect(Object.keys(session.answers).length).toBeGreaterThan(2);

    const { orderId } = await checkout(b);
    // Not paid yet (an open checkout): still the same run.
    expect((await start()).json().data.id).toBe(b.sessionId);
    expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
    const fresh = await start();
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().data).toMatchObject({ status: "in_progress", answers: {} });
    expect(fresh.json().data.id).not.toBe(b.sessionId);
  });
});
