import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportDocument } from "#schemas/report/document.ts";
import { customers, orders, quizSessions, quizSessionVisitors, subscriptions } from "#server/db/schema.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { deliver, maxPay, nextIp, paymentFor } from "../helpers/payments.ts";
import { client, closeSharedDatabase, createTestApp, linkIn, type TestApp } from "../helpers/test-app.ts";

/**
 * Issue 18, the second time around (ADR 011): a logged-in customer in a funnel, a "continue" link
 * that moves the quiz to the browser that opens it and dies once the quiz is finished, and a paid
 * report that opens only for its logged-in owner. On the real career test, whose report is built.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

type Browser = ReturnType<typeof client>;
const PASSWORD = "a long enough passphrase";
let seq = 0;
const address = (name: string) => `${name}-${++seq}@example.org`;
const browser = () => client(t.app, nextIp(), t.origin);
const career = () => t.flows.find((f) => f.code === "career_test_green")!;

async function member(email = address("member")) {
  const [row] = await t.db
    .insert(customers)
    .values({ email, passwordHash: await hashPassword(PASSWORD) })
    .returning();
  return row!;
}

async function logIn(b: Browser, email: string) {
  const res = await b.post("/api/auth/login", { email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
}

async function start(b: Browser) {
  const res = await b.post("/api/quiz/sessions", { flow_code: career().code, flow_hash: career().hash });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data.id as string;
}

const answer = (b: Browser, id: string, step_id: string, value: unknown) =>
  b.post(`/api/quiz/sessions/${id}/answers`, { step_id, value, flow_hash: career().hash });

/** Every question of the career test and the name, answered; the e-mail step (before scoring) is left to the test. */
async function answerQuestions(b: Browser, id: string) {
  for (const area of ["r", "i", "a", "s", "e", "c"])
    for (let n = 1; n <= 5; n++) expect((await answer(b, id, `${area}${n}`, area === "s" ? 4 : 2)).statusCode).toBe(200);
  expect((await answer(b, id, "situation", "working_change")).statusCode).toBe(200);
  expect((await answer(b, id, "name", "Robin")).statusCode).toBe(200);
}

/** What the preparing step after the e-mail step does: the quiz is scored. */
async function score(b: Browser, id: string) {
  const done = await b.post(`/api/quiz/sessions/${id}/complete`);
  expect(done.statusCode, done.body).toBe(200);
}

async function pay(b: Browser, id: string) {
  const started = await b.post("/api/checkout/start", { product_id: "month_1", session_id: id, currency: "USD" });
  expect(started.statusCode, started.body).toBe(200);
  const orderId = started.json().data.order_id as string;
  expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
  await t.app.services.reports.drain();
  return orderId;
}

const session = async (id: string) => (await t.db.select().from(quizSessions).where(eq(quizSessions.id, id)))[0]!;
const visitorsOf = async (id: string) => t.db.select().from(quizSessionVisitors).where(eq(quizSessionVisitors.sessionId, id));
const customerWith = async (email: string) => (await t.db.select().from(customers).where(eq(customers.email, email)))[0] ?? null;
const subscriptionsOf = async (customerId: string) => t.db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId));
const continueToken = async (to: string) => linkIn(await t.outbox(), to, "/continue?token=").searchParams.get("token")!;

describe("a logged-in customer in a funnel", () => {
  it("the e-mail step takes only their own address: another one is refused with 409 and creates nothing; they pay once, as themselves", async () => {
    const me = await member();
    const b = browser();
    await logIn(b, me.email);
    const id = await start(b);
    await answerQuestions(b, id);
    const other = address("typed");
    const people = (await t.db.select().from(customers)).length;

    const prepared = await b.post("/api/customer/prepare-cabinet", { email: other });
    expect(prepared.statusCode).toBe(409);
    expect(prepared.json().error).toEqual({
      code: "logged_in_as_other",
      message: `You are logged in as ${me.email}. To continue with another address, log out first.`,
    });
    const typed = await answer(b, id, "email", other);
    expect(typed.statusCode).toBe(409);
    expect(typed.json().error.code).toBe("logged_in_as_other");
    expect(await customerWith(other)).toBeNull();
    expect((await t.outbox()).filter((m) => m.to.includes(other))).toEqual([]);

    // Their own address (in any case) is taken: the session is theirs, confirmed.
    expect((await b.post("/api/customer/prepare-cabinet", { email: me.email.toUpperCase() })).statusCode).toBe(200);
    expect((await answer(b, id, "email", me.email.toUpperCase())).statusCode).toBe(200);
    expect(await session(id)).toMatchObject({ customerId: me.id, customerConfirmed: true });

    await score(b, id);
    const orderId = await pay(b, id);
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.customerId).toBe(me.id);
    expect(await subscriptionsOf(me.id)).toHaveLength(1);
    expect((await t.db.select().from(customers)).length).toBe(people);
    expect((await b.get(`/api/quiz/sessions/${id}/report`)).json().data).toMatchObject({ access: "full", status: "ready" });
  });

  it("a quiz tied to another address before logging in becomes the customer's when they log in, and is paid by them alone", async () => {
    const me = await member();
    const b = browser();
    const id = await start(b);
    await answerQuestions(b, id);
    const other = address("before-login");
    expect((await answer(b, id, "email", other)).statusCode).toBe(200);
    const typed = (await customerWith(other))!;
    expect(await session(id)).toMatchObject({ customerId: typed.id, customerConfirmed: false });

    await logIn(b, me.email);
    expect(await session(id)).toMatchObject({ customerId: me.id, customerConfirmed: true });
    // Going back to the e-mail step while logged in: the other address is refused, their own is taken.
    expect((await answer(b, id, "email", other)).statusCode).toBe(409);
    expect((await answer(b, id, "email", me.email)).statusCode).toBe(200);
    await score(b, id);
    await pay(b, id);
    expect(await subscriptionsOf(me.id)).toHaveLength(1);
    expect(await subscriptionsOf(typed.id)).toEqual([]);
    expect(await t.db.select().from(orders).where(eq(orders.customerId, typed.id))).toEqual([]);
  });
});

describe("a continue link", () => {
  it("moves the quiz to the browser that opens it: the first browser loses it", async () => {
    const laptop = browser();
    const id = await start(laptop);
    expect((await answer(laptop, id, "r1", 3)).statusCode).toBe(200);
    const email = address("mover");
    expect((await answer(laptop, id, "email", email)).statusCode).toBe(200);

    const phone = browser();
    const resumed = await phone.post("/api/quiz/sessions/resume", { token: await continueToken(email) });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).toMatchObject({ session_id: id, answers: { r1: 3, email } });
    expect(await visitorsOf(id)).toHaveLength(1);

    expect((await answer(laptop, id, "r2", 3)).statusCode).toBe(404);
    expect((await laptop.get(`/api/quiz/sessions/${id}/report`)).statusCode).toBe(404);
    expect((await laptop.get(`/api/prepare-data?client_system_code=${career().code}`)).statusCode).toBe(404);
    expect(await start(laptop)).not.toBe(id);
    expect((await answer(phone, id, "r2", 3)).statusCode).toBe(200);
  });

  it("mailed before logging in and opened elsewhere, it takes the quiz from the customer's logged-in browser too", async () => {
    // A logged-in customer is mailed no continue link (their quiz is theirs in every browser they log
    // in to): the link here was mailed while the desk was still logged out.
    const me = await member();
    const desk = browser();
    const id = await start(desk);
    expect((await answer(desk, id, "email", me.email)).statusCode).toBe(200);
    const token = await continueToken(me.email);
    await logIn(desk, me.email);
    expect(await session(id)).toMatchObject({ customerId: me.id, customerConfirmed: true });

    const phone = browser();
    expect((await phone.post("/api/quiz/sessions/resume", { token })).statusCode).toBe(200);
    expect(await session(id)).toMatchObject({ customerId: me.id, customerConfirmed: false });
    expect((await answer(desk, id, "r1", 3)).statusCode).toBe(404);
    expect((await answer(phone, id, "r1", 3)).statusCode).toBe(200);
    // Logging in on the phone makes it theirs again, confirmed.
    await logIn(phone, me.email);
    expect(await session(id)).toMatchObject({ customerId: me.id, customerConfirmed: true });
  });

  it("works until the quiz is finished (paid for); then it opens nothing of the session", async () => {
    const first = browser();
    const id = await start(first);
    await answerQuestions(first, id);
    const email = address("finisher");
    expect((await answer(first, id, "email", email)).statusCode).toBe(200);
    await score(first, id);
    const token = await continueToken(email);

    // Scored is not finished: the link is mailed after scoring, to go on to the pre-checkout elsewhere.
    const phone = browser();
    expect((await phone.post("/api/quiz/sessions/resume", { token })).statusCode).toBe(200);
    await pay(phone, id);

    for (const b of [browser(), phone]) {
      const res = await b.post("/api/quiz/sessions/resume", { token });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({
        error: {
          code: "quiz_finished",
          message: "This quiz is finished, so this link no longer opens it. Log in to see your report: we can e-mail you a login link.",
        },
      });
      for (const leak of [id, "Robin", email, "month_1"]) expect(res.body).not.toContain(leak);
    }
    expect((await visitorsOf(id)).map((v) => v.visitorId)).toHaveLength(1);
  });
});

describe("a paid report, its PDF and its order", () => {
  it("open only for the logged-in owner: a browser that holds the session sees the status and the teaser, until the login link", async () => {
    const owner = await member();
    // Someone pays for the owner's existing account while logged out (the owner on a shared computer, or a stranger).
    const b = browser();
    const id = await start(b);
    await answerQuestions(b, id);
    expect((await answer(b, id, "email", owner.email)).statusCode).toBe(200);
    await score(b, id);
    const orderId = await pay(b, id);

    const locked = async (pdfStatus: number) => {
      const order = await b.get(`/api/orders/${orderId}`);
      expect(order.statusCode).toBe(200);
      expect(order.json().data).toMatchObject({ status: "paid", product_id: null, product_name: null, currency: null, amount: null });
      const report = (await b.get(`/api/quiz/sessions/${id}/report`)).json().data;
      expect(report).toMatchObject({ access: "login_required", status: null });
      expect(
        reportDocument
          .parse(report.document)
          .sections.slice(1)
          .every((s) => s.locked === true && s.blocks.length === 0),
      ).toBe(true);
      const pdf = await b.get(`/api/quiz/sessions/${id}/report.pdf`);
      expect(pdf.statusCode).toBe(pdfStatus);
      expect(pdf.json().error.code).toBe("login_required");
    };
    await locked(401);
    expect((await b.get(`/api/orders/${orderId}`)).json().data.logged_in).toBe(false);
    // Logged in here as someone else: still nothing of it.
    const someoneElse = await member();
    await logIn(b, someoneElse.email);
    await locked(403);
    // Anyone else: the session and the order do not exist.
    for (const url of [`/api/orders/${orderId}`, `/api/quiz/sessions/${id}/report`, `/api/quiz/sessions/${id}/report.pdf`])
      expect((await browser().get(url)).statusCode, url).toBe(404);

    // The owner logs in here with the single-use link: the report, its PDF and the order open.
    expect((await b.post("/api/auth/login-link", { email: owner.email })).statusCode).toBe(202);
    const link = linkIn(await t.outbox(), owner.email, "tmp_token=");
    const loggedIn = await b.post("/api/auth/login", { email: owner.email, tmp_token: link.searchParams.get("tmp_token") });
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    expect((await b.get(`/api/quiz/sessions/${id}/report`)).json().data).toMatchObject({ access: "full", status: "ready" });
    const pdf = await b.get(`/api/quiz/sessions/${id}/report.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect((await b.get(`/api/orders/${orderId}`)).json().data).toMatchObject({
      status: "paid",
      product_id: "month_1",
      product_name: "1 month",
      currency: "USD",
      amount: 1999,
      logged_in: true,
    });
    // And on any other device once logged in, through the account.
    const desk = browser();
    await logIn(desk, owner.email);
    expect((await desk.get(`/api/orders/${orderId}`)).json().data.product_name).toBe("1 month");
    expect((await desk.get("/api/customer/latest-reports")).json().data).toMatchObject([{ session_id: id, status: "ready" }]);
  });

  it("a session held through a continue link gives nothing of a report someone else paid for", async () => {
    const payer = address("payer");
    const laptop = browser();
    const id = await start(laptop);
    await answerQuestions(laptop, id);
    expect((await answer(laptop, id, "email", payer)).statusCode).toBe(200);
    await score(laptop, id);
    // The link is forwarded before payment; the friend opens it, then the payer takes it back and pays.
    const friend = browser();
    const token = await continueToken(payer);
    expect((await friend.post("/api/quiz/sessions/resume", { token })).statusCode).toBe(200);
    expect((await laptop.post("/api/quiz/sessions/resume", { token })).statusCode).toBe(200);
    const orderId = await pay(laptop, id);
    for (const url of [`/api/orders/${orderId}`, `/api/quiz/sessions/${id}/report`, `/api/quiz/sessions/${id}/report.pdf`])
      expect((await friend.get(url)).statusCode, url).toBe(404);
    expect((await friend.post("/api/quiz/sessions/resume", { token })).statusCode).toBe(410);
    // The payer is a first-time buyer: the return page logs them in on the paying browser, which reads it.
    expect((await laptop.get(`/api/orders/${orderId}`)).json().data).toMatchObject({ logged_in: true, product_name: "1 month" });
    expect((await laptop.get(`/api/quiz/sessions/${id}/report`)).json().data.access).toBe("full");
    const [sub] = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.customerId, (await customerWith(payer))!.id)));
    expect(sub).toBeDefined();
  });
});
