import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_SECONDS, type ConsentRecord } from "#schemas/consent/consent.ts";
import { customers, quizSessions } from "#server/db/schema.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { buyer, checkout, deliver, maxPay, nextIp, paymentFor, paymentsTestApp } from "../helpers/payments.ts";
import { startQuiz, type Browser } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

/**
 * The visitor's privacy choice through the API (ADR 055): kept in the `pw_consent` cookie the
 * answer sets, recorded with its time on every quiz session of the browser and on the account of a
 * proven login only; bad input changes nothing.
 */
let t: TestApp;
let n = 0;
const email = () => `consent${++n}@example.com`;

beforeAll(async () => {
  t = await paymentsTestApp();
});
beforeEach(() => t.clock.reset());
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

const choose = (browser: Browser, body: unknown) => browser.post("/api/consent", body);
const consentOf = async (sessionId: string) => (await t.db.select().from(quizSessions).where(eq(quizSessions.id, sessionId)))[0]!.consent;
const accountConsent = async (customerId: string) => (await t.db.select().from(customers).where(eq(customers.id, customerId)))[0]!.consent;

/** A customer with a password, logged in with it in a fresh browser: a proven session (ADR 051). */
async function provenCustomer() {
  const address = email();
  await t.db.insert(customers).values({ email: address, passwordHash: await hashPassword("a long enough passphrase 7") });
  const browser = client(t.app, nextIp(), t.origin);
  const login = async (b: Browser) => {
    const res = await b.post("/api/auth/login", { email: address, password: "a long enough passphrase 7" });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  await login(browser);
  const [row] = await t.db.select().from(customers).where(eq(customers.email, address));
  return { browser, customerId: row!.id, login };
}

describe("POST /api/consent", () => {
  it("sets the cookie and records the choice, with its time, on every quiz session of this browser, and on new ones", async () => {
    const first = await buyer(t, email());
    const { browser } = first;
    // Another browser's quiz is not this visitor's.
    const stranger = client(t.app, nextIp(), t.origin);
    const theirs = await startQuiz(t, stranger);
    expect((await browser.get("/api/consent")).json().data).toBeNull();

    const res = await choose(browser, { analytics: false, marketing: true });
    expect(res.statusCode, res.body).toBe(200);
    const record: ConsentRecord = { analytics: false, marketing: true, decided_at: "2026-06-10T09:00:00.000Z" };
    expect(res.json().data).toEqual(record);
    const cookie = res.cookies.find((c) => c.name === CONSENT_COOKIE);
    expect(cookie).toMatchObject({
      value: `1.0.1.${Date.parse(record.decided_at) / 1000}`,
      path: "/",
      sameSite: "Lax",
      maxAge: CONSENT_COOKIE_MAX_AGE_SECONDS,
    });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.secure).toBeFalsy();
    expect(await consentOf(first.sessionId)).toEqual(record);
    expect(await consentOf(theirs.id)).toBeNull();
    expect((await browser.get("/api/consent")).json().data).toEqual(record);

    // A new quiz in this browser starts with the choice the cookie holds. (The first run is paid for
    // first: a finished run nobody paid for is re-opened instead of a new one, ADR 067.)
    const { orderId } = await checkout(first);
    expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
    const second = await startQuiz(t, browser);
    expect(second.id).not.toBe(first.sessionId);
    expect(await consentOf(second.id)).toEqual(record);

    // A change later reaches both, with its own time.
    t.clock.advance(3600);
    const changed = await choose(browser, { analytics: true, marketing: false });
    const later: ConsentRecord = { analytics: true, marketing: false, decided_at: "2026-06-10T10:00:00.000Z" };
    expect(changed.json().data).toEqual(later);
    expect(await consentOf(first.sessionId)).toEqual(later);
    expect(await consentOf(second.id)).toEqual(later);
    expect(await consentOf(theirs.id)).toBeNull();
  });

  it("answers 400 to a body that is not a choice, and changes nothing", async () => {
    const { browser, sessionId } = await buyer(t, email());
    const before = await choose(browser, { analytics: false, marketing: false });
    expect(before.statusCode).toBe(200);
    const kept = await consentOf(sessionId);
    t.clock.advance(60);
    for (const body of [
      { analytics: true },
      { analytics: "yes", marketing: true },
      { analytics: true, marketing: true, extra: 1 },
      [],
      null,
      { analytics: 1, marketing: 0 },
    ]) {
      const res = await choose(browser, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBeTypeOf("string");
      expect(res.cookies.find((c) => c.name === CONSENT_COOKIE)).toBeUndefined();
    }
    expect(await consentOf(sessionId)).toEqual(kept);
    expect(browser.cookies.get(CONSENT_COOKIE)).toBe(`1.0.0.${Date.parse(kept!.decided_at) / 1000}`);
  });

  it("refuses a write from another site, and changes nothing", async () => {
    const { browser, sessionId } = await buyer(t, email());
    const res = await browser.post("/api/consent", { analytics: true, marketing: true }, { origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    const bare = await t.app.inject({
      method: "POST",
      url: "/api/consent",
      payload: { analytics: true, marketing: true },
      headers: { cookie: `vid=${browser.cookies.get("vid")}` },
    });
    expect(bare.statusCode).toBe(403);
    expect(await consentOf(sessionId)).toBeNull();
    expect(browser.cookies.has(CONSENT_COOKIE)).toBe(false);
  });

  it("keeps the choice on the account of a customer logged in with a proven session", async () => {
    const { browser, customerId } = await provenCustomer();
    const res = await choose(browser, { analytics: true, marketing: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await accountConsent(customerId)).toEqual(res.json().data);
  });

  it("does not write to the account from an unproven session (a first buyer's, ADR 051)", async () => {
    const b = await buyer(t, email());
    const { orderId } = await checkout(b);
    expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
    const order = await b.browser.get(`/api/orders/${orderId}`);
    expect(order.json().data).toMatchObject({ status: "paid", logged_in: true });
    expect(b.browser.cookie).toMatch(/^sid=/);

    const res = await choose(b.browser, { analytics: true, marketing: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await accountConsent(b.customerId)).toBeNull();
    // The browser's own quiz still records it: that is this browser's choice.
    expect(await consentOf(b.sessionId)).toEqual(res.json().data);
  });
});

describe("logging in", () => {
  it("gives a browser that never chose the account's choice, and leaves a browser that chose its own", async () => {
    const { browser, customerId, login } = await provenCustomer();
    const made = (await choose(browser, { analytics: false, marketing: true })).json<{ data: ConsentRecord }>().data;

    const fresh = client(t.app, nextIp(), t.origin);
    const quiz = await startQuiz(t, fresh);
    const res = await login(fresh);
    expect(res.cookies.find((c) => c.name === CONSENT_COOKIE)?.value).toBe(browser.cookies.get(CONSENT_COOKIE));
    expect((await fresh.get("/api/consent")).json().data).toEqual(made);
    expect(await consentOf(quiz.id)).toEqual(made);

    const chose = client(t.app, nextIp(), t.origin);
    await choose(chose, { analytics: false, marketing: false });
    const own = chose.cookies.get(CONSENT_COOKIE);
    const again = await login(chose);
    expect(again.cookies.find((c) => c.name === CONSENT_COOKIE)).toBeUndefined();
    expect(chose.cookies.get(CONSENT_COOKIE)).toBe(own);
    expect(await accountConsent(customerId)).toEqual(made);
  });
});
