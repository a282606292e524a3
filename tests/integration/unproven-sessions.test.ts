import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, quizSessions, sessions } from "#server/db/schema.ts";
import { UNPROVEN_SESSION_REACH } from "#server/plugins/unproven-session.ts";
import { deliver, maxPay, nextIp, paymentFor } from "../helpers/payments.ts";
import { takeFlow } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, createTestApp, linkIn, type TestApp } from "../helpers/test-app.ts";

/**
 * Pre-account hijacking (ADR 051): whoever types an address nobody proved and pays is logged in on
 * the order page, for that purchase only; the owner's first proof of the inbox ends that session.
 */
let t: TestApp;
let n = 0;
const email = () => `victim${++n}@example.com`;

const FLOW = "career_test_green";
const REPORT = "career_riasec";
type Browser = ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

/** Someone who typed `address` in a fresh browser and paid: the order page logs them in (first buyer). */
async function paidAsFirstBuyer(address: string) {
  const browser = client(t.app, nextIp(), t.origin);
  const sessionId = await takeFlow(t, browser, FLOW, address);
  const started = await browser.post("/api/checkout/start", { product_id: "month_1", session_id: sessionId, currency: "USD" });
  expect(started.statusCode, started.body).toBe(200);
  const orderId = started.json<{ data: { order_id: string } }>().data.order_id;
  expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
  await t.app.services.reports.drain();
  const order = await browser.get(`/api/orders/${orderId}`);
  expect(order.json().data).toMatchObject({ status: "paid", logged_in: true, account_open: false });
  expect(browser.cookie).toMatch(/^sid=/);
  const [customer] = await t.db.select().from(customers).where(eq(customers.email, address));
  return { browser, sessionId, orderId, customerId: customer!.id, email: address };
}

/** The owner of the address logs in from the e-mailed login link in a browser of their own. */
async function ownerLogsInByLink(address: string) {
  const owner = client(t.app, nextIp(), t.origin);
  expect((await owner.post("/api/auth/login-link", { email: address })).statusCode).toBe(202);
  const link = linkIn(await t.outbox(), address, "tmp_token=");
  const res = await owner.post("/api/auth/login", { email: address, tmp_token: link.searchParams.get("tmp_token") });
  expect(res.statusCode, res.body).toBe(200);
  return owner;
}

/** The same browser without its session cookie: what a logged-out visitor with its quiz cookie gets. */
function withoutSession(b: { browser: Browser }) {
  const cookie = b.browser.cookie;
  return async <T>(call: () => Promise<T>): Promise<T> => {
    b.browser.cookie = undefined;
    try {
      return await call();
    } finally {
      b.browser.cookie = cookie;
    }
  };
}

describe("a session made by paying, for an address nobody proved", () => {
  it("reads the report it paid for, page and order, with no extra step", async () => {
    const attacker = await paidAsFirstBuyer(email());
    const report = await attacker.browser.get(`/api/quiz/sessions/${attacker.sessionId}/report`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data).toMatchObject({ access: "full", status: "ready" });
    const pdf = await attacker.browser.get(`/api/quiz/sessions/${attacker.sessionId}/report.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const order = await attacker.browser.get(`/api/orders/${attacker.orderId}`);
    expect(order.json().data).toMatchObject({ product_id: "month_1", amount: 1999, logged_in: true, account_open: false });
  });

  it("reaches nothing else of the account: every other call answers as to a logged-out browser", async () => {
    const attacker = await paidAsFirstBuyer(email());
    for (const url of [
      "/api/auth/customer",
      "/api/customer/latest-reports",
      `/api/customer/reports/${REPORT}`,
      "/api/customer/settings",
      "/api/customer/billing",
    ]) {
      expect((await attacker.browser.get(url)).statusCode, url).toBe(401);
    }
    // Every GET of the API, its path parameters filled with this purchase's ids: the same status as
    // the same browser without the session, except the calls the record lets it make.
    const doc = (await attacker.browser.get("/api/openapi.json")).json<{ paths: Record<string, Record<string, unknown>> }>();
    const reached = new Set(Object.keys(UNPROVEN_SESSION_REACH).map((k) => k.replace(/^GET \/api/, "").replace(/:(\w+)/g, "{$1}")));
    const asAnonymous = withoutSession(attacker);
    let compared = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!("get" in methods) || reached.has(path.replace(/^\/api/, ""))) continue;
      for (const id of [attacker.orderId, attacker.sessionId]) {
        const url = path.replace("{prompt_code}", REPORT).replace(/\{[^}]+\}/g, id);
        const unproven = await attacker.browser.get(url);
        const anonymous = await asAnonymous(() => attacker.browser.get(url));
        expect(unproven.statusCode, `${url}: ${unproven.body.slice(0, 200)}`).toBe(anonymous.statusCode);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  it("does not make the browser's quizzes the account's own", async () => {
    const attacker = await paidAsFirstBuyer(email());
    const [row] = await t.db.select().from(sessions).where(eq(sessions.customerId, attacker.customerId));
    expect(row?.purchaseOrderId).toBe(attacker.orderId);
    // A quiz this browser starts after paying is a logged-out visitor's: tied to the address it
    // types, never confirmed as the account's (so the owner never continues it into this browser's view).
    const other = await takeFlow(t, attacker.browser, FLOW, attacker.email);
    for (const id of [attacker.sessionId, other]) {
      const [quiz] = await t.db.select().from(quizSessions).where(eq(quizSessions.id, id));
      expect(quiz).toMatchObject({ customerId: attacker.customerId, customerConfirmed: false });
    }
  });

  it("ends when the owner first logs in from the e-mailed link, so the owner's next purchase stays theirs", async () => {
    const address = email();
    const attacker = await paidAsFirstBuyer(address);
    const owner = await ownerLogsInByLink(address);
    expect((await owner.get("/api/auth/customer")).json().data.email).toBe(address);
    // The owner's proven login opens the whole account: the order page offers it.
    expect((await owner.get(`/api/orders/${attacker.orderId}`)).json().data).toMatchObject({ logged_in: true, account_open: true });

    // The owner takes the quiz again, logged in, and takes its report through the plan that was bought.
    const next = await takeFlow(t, owner, FLOW, address);
    const included = await owner.post(`/api/quiz/sessions/${next}/include-report`, {});
    expect(included.statusCode, included.body).toBe(200);
    expect((await owner.get("/api/customer/latest-reports")).json().data).toHaveLength(2);

    // The attacker's browser is logged out: neither the owner's reports nor their own purchase's full report.
    expect((await attacker.browser.get("/api/customer/latest-reports")).statusCode).toBe(401);
    expect((await attacker.browser.get(`/api/customer/reports/${REPORT}`)).statusCode).toBe(401);
    expect((await attacker.browser.get(`/api/quiz/sessions/${next}/report`)).statusCode).toBe(404);
    expect((await attacker.browser.get(`/api/quiz/sessions/${attacker.sessionId}/report`)).json().data.access).toBe("login_required");
    expect(await t.db.select().from(sessions).where(eq(sessions.customerId, attacker.customerId))).toHaveLength(1);
  });

  it("ends when the owner sets a password from an e-mailed reset link", async () => {
    const address = email();
    const attacker = await paidAsFirstBuyer(address);
    const owner = client(t.app, nextIp(), t.origin);
    await owner.post("/api/auth/reset-password", { email: address });
    const link = linkIn(await t.outbox(), address, "/reset-password?token=");
    expect((await owner.post("/api/auth/reset-password/confirm", { token: link.searchParams.get("token") })).statusCode).toBe(200);
    expect((await attacker.browser.get(`/api/orders/${attacker.orderId}`)).json().data.logged_in).toBe(false);
  });
});

describe("the record of what an unproven session reaches", () => {
  it("names only routes the app has, each a read of the purchase by its id", () => {
    for (const key of Object.keys(UNPROVEN_SESSION_REACH)) {
      const [method, url] = key.split(" ") as ["GET", string];
      expect(method).toBe("GET");
      expect(url).toContain(":id");
      expect(t.app.hasRoute({ method, url }), key).toBe(true);
    }
  });
});
