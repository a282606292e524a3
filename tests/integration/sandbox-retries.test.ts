import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createSandboxDelivery } from "#server/payments/sandbox/sandbox-delivery.ts";
import { buyer, checkout, maxPay, orderRow, paymentsTestApp, receiptsTo } from "../helpers/payments.ts";
import { closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

const silent = { warn: () => undefined, error: () => undefined } as unknown as Parameters<typeof createSandboxDelivery>[2];
const notification = () =>
  maxPay({
    orderId: "00000000-0000-4000-8000-000000000001",
    customerId: "00000000-0000-4000-8000-000000000002",
    email: "retry@example.com",
    productId: "trial_7d",
    productName: "7-day trial",
    amount: 99,
    currency: "USD",
    outcome: "success",
  });

/** A webhook over real HTTP that answers each arrival as the test says, and keeps what arrived. */
async function webhook(answers: ("hang" | number)[]) {
  const app: FastifyInstance = Fastify();
  const arrived: Buffer[] = [];
  const hanging: (() => void)[] = [];
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_r, body, done) => done(null, body));
  app.post("/api/webhooks/max_pay", async (request, reply) => {
    arrived.push(request.body as Buffer);
    const answer = answers[arrived.length - 1] ?? 200;
    if (answer === "hang") await new Promise<void>((resolve) => hanging.push(resolve));
    return reply.status(answer === "hang" ? 200 : answer).send({ ok: true });
  });
  const origin = await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    origin,
    arrived,
    close: async () => {
      for (const release of hanging) release();
      await app.close();
    },
  };
}

describe("the sandbox retries a notification our webhook did not acknowledge, as the provider does", () => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });

  it("after a timed-out attempt and a 500, the same signed bytes arrive again until one is answered 200", async () => {
    const hook = await webhook(["hang", 500, 200]);
    open.push(hook);
    const delivery = createSandboxDelivery(hook.origin, fetch, silent, { attemptTimeoutMs: 300, retryDelaysMs: [0, 0, 0] });
    const n = notification();
    expect(await delivery.now(n)).toBeNull();
    await vi.waitFor(() => expect(delivery.outstanding()).toBe(0), { timeout: 60_000 });
    expect(hook.arrived).toHaveLength(3);
    for (const body of hook.arrived) expect(body.equals(n.body)).toBe(true);
  });

  it("gives up after the provider's three retries", async () => {
    const hook = await webhook([500, 500, 500, 500, 500]);
    open.push(hook);
    const delivery = createSandboxDelivery(hook.origin, fetch, silent, { retryDelaysMs: [0, 0, 0] });
    expect(await delivery.now(notification())).toBe(500);
    await vi.waitFor(() => expect(delivery.outstanding()).toBe(0), { timeout: 60_000 });
    expect(hook.arrived).toHaveLength(4);
  });

  it("an acknowledged notification is sent once", async () => {
    const hook = await webhook([200]);
    open.push(hook);
    const delivery = createSandboxDelivery(hook.origin, fetch, silent, { retryDelaysMs: [0, 0, 0] });
    expect(await delivery.now(notification())).toBe(200);
    expect(delivery.outstanding()).toBe(0);
    expect(hook.arrived).toHaveLength(1);
  });

  it("closing drops the retries not yet due", async () => {
    const hook = await webhook([500]);
    open.push(hook);
    const delivery = createSandboxDelivery(hook.origin, fetch, silent, { retryDelaysMs: [60_000] });
    expect(await delivery.now(notification())).toBe(500);
    expect(delivery.outstanding()).toBe(1);
    await delivery.close();
    expect(delivery.outstanding()).toBe(0);
    expect(hook.arrived).toHaveLength(1);
  });
});

describe("a payment whose first notification was lost", () => {
  let t: TestApp;
  let dropped = 0;
  beforeAll(async () => {
    // The first notification is lost on the way (as under a burst, when our webhook answered too
    // late); every later one goes through over real HTTP.
    const lossy: typeof fetch = async (input, init) => {
      if (typeof input === "string" && input.includes("/api/webhooks/") && dropped === 0) {
        dropped++;
        throw new TypeError("fetch failed");
      }
      return fetch(input, init);
    };
    t = await paymentsTestApp({ listen: true, fetch: lossy });
  });
  afterAll(async () => {
    await t.close();
    await closeSharedDatabase();
  });

  it("is paid when the sandbox's retry arrives: the order page the visitor polls turns paid, one receipt", async () => {
    const b = await buyer(t, "lost-notification@example.com");
    const { url, orderId } = await checkout(b, "trial_7d");
    const res = await t.app.inject({
      method: "POST",
      url: url.pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ request: url.searchParams.toString(), outcome: "approve" }).toString(),
    });
    expect(res.statusCode).toBe(303);
    expect(dropped).toBe(1);
    expect((await orderRow(t, orderId)).status).toBe("pending");
    await vi.waitFor(async () => expect((await b.browser.get(`/api/orders/${orderId}`)).json<{ data: { status: string } }>().data.status).toBe("paid"), {
      timeout: 60_000,
      interval: 250,
    });
    await vi.waitFor(async () => expect(await receiptsTo(t, b.email)).toHaveLength(1), { timeout: 60_000 });
  });
});
