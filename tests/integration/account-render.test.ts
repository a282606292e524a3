import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rendererFile } from "#server/plugins/server-render.ts";
import { deliver, maxPay, nextIp, paymentFor } from "../helpers/payments.ts";
import { takeFlow } from "../helpers/quiz.ts";
import { signedInCustomer } from "../helpers/subscriptions.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * The account page drawn by the server for the customer whose session it proves (ADR 075), through
 * the real app, with a renderer that draws whom the boot data names and whom the API it was given
 * answers for (the page's own cookie). The real renderer is the build's (tests/e2e/account-first-screen.spec.ts).
 */
const RENDERER = `
let renders = 0;
export async function renderPage(url, boot, visitor, api) {
  renders += 1;
  const asked = await api("/api/auth/customer");
  const who = asked.ok ? (await asked.json()).data.email : "nobody (" + asked.status + ")";
  const at = new URL(url).pathname + new URL(url).search;
  return {
    html: '<main><p>' + at + ' for ' + (boot.customer ? boot.customer.email : "a visitor") + ', the API says ' + who + ', render #' + renders + '</p></main>',
    status: 200, loaderData: {}, modules: [], queries: {},
  };
}`;

const INDEX_HTML = `<!doctype html><html><head><title>Pathwise</title></head><body><div id="root"></div><noscript id="after-root"></noscript></body></html>`;

let t: TestApp;
let distDir: string;
const rootOf = (html: string) => /<div id="root">(.*?)<\/div><noscript/s.exec(html)?.[1] ?? "";
const bootOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html)![1]!) as { session: boolean; customer?: { email: string } | null };

beforeAll(async () => {
  distDir = join(await mkdtemp(join(tmpdir(), "pathwise-account-render-")), "dist");
  await mkdir(distDir, { recursive: true });
  await writeFile(join(distDir, "index.html"), INDEX_HTML);
  await mkdir(`${distDir}-ssr`);
  await writeFile(rendererFile(distDir), RENDERER);
  t = await createTestApp({ distDir });
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
  await rm(join(distDir, ".."), { recursive: true, force: true });
});

/** Someone who typed an address and paid in a fresh browser: the order page logs them in, unproven (ADR 051). */
async function firstBuyer(address: string) {
  const browser = client(t.app, nextIp(), t.origin);
  const sessionId = await takeFlow(t, browser, "career_test_green", address);
  const started = await browser.post("/api/checkout/start", { product_id: "month_1", session_id: sessionId, currency: "USD" });
  expect(started.statusCode, started.body).toBe(200);
  const orderId = started.json<{ data: { order_id: string } }>().data.order_id;
  expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
  expect((await browser.get(`/api/orders/${orderId}`)).json().data).toMatchObject({ status: "paid", logged_in: true, account_open: false });
  return browser;
}

describe("the account page of a proven session", () => {
  it("is drawn for that customer, with the API answering for their own cookie, and never kept for another request", async () => {
    const ada = await signedInCustomer(t.app, "ada-render@example.com", nextIp());
    const bob = await signedInCustomer(t.app, "bob-render@example.com", nextIp());
    const first = await ada.get("/account");
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    expect(first.headers["server-timing"]).toBe('render;desc="rendered"');
    expect(rootOf(first.body)).toContain("/account for ada-render@example.com, the API says ada-render@example.com");
    expect(bootOf(first.body)).toMatchObject({ session: true, customer: { email: "ada-render@example.com" } });

    const other = await bob.get("/account");
    expect(rootOf(other.body)).toContain("/account for bob-render@example.com, the API says bob-render@example.com");
    expect(other.body).not.toContain("ada-render");

    // Ada again: a new render, not the page made for her a moment ago (nothing of a customer's is kept).
    const again = await ada.get("/account");
    expect(again.headers["server-timing"]).toBe('render;desc="rendered"');
    expect(rootOf(again.body)).not.toBe(rootOf(first.body));
  });
});

describe("a cookie that proves nobody", () => {
  it("is sent from the account to the login page, as the app sends it: a first buyer's unproven session, an unknown one, none", async () => {
    const buyer = await firstBuyer("first-render@example.com");
    const unknown = client(t.app, nextIp(), t.origin);
    unknown.cookie = "sid=not-a-session";
    for (const visitor of [buyer, unknown, client(t.app, nextIp(), t.origin)]) {
      const res = await visitor.get("/account");
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/login?next=%2Faccount");
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.body).not.toContain("first-render");
    }
  });

  it("gets the login page drawn as for a visitor without a login, and the app told that nobody is logged in", async () => {
    const buyer = await firstBuyer("second-render@example.com");
    const res = await buyer.get("/login?next=%2Faccount");
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toMatch(/^<main><p>\/login\?next=%2Faccount for a visitor, the API says nobody \(401\)/);
    expect(bootOf(res.body)).toMatchObject({ session: true, customer: null });
  });

  it("opens the account with `?style=2` as before: drawn in the browser, for nobody in particular", async () => {
    const buyer = await firstBuyer("third-render@example.com");
    const res = await buyer.get("/account?style=2");
    expect(res.statusCode).toBe(200);
    expect(res.headers["server-timing"]).toBeUndefined();
    expect(rootOf(res.body)).toBe("");
    expect(bootOf(res.body).customer).toBeUndefined();
  });
});
