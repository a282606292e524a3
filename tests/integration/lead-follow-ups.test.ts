import type { ParsedMail } from "mailparser";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsentRecord } from "#schemas/consent/consent.ts";
import { customers, followUpOptOuts, leadFollowUps, quizSessions } from "#server/db/schema.ts";
import { sendDueFollowUps } from "#server/follow-ups/send-due.ts";
import { deleteAccount } from "#server/accounts/account-deletion.ts";
import { deliver, maxPay, nextIp, paymentFor } from "../helpers/payments.ts";
import { localSmtpServer } from "../helpers/smtp-server.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Issue 28, "Leads who left" (ADR 060): a flow's follow-up e-mails go to a visitor who left their
 * address with marketing consent and did not buy, through the mail outbox and the real SMTP, when
 * due by the app's clock; one-click unsubscribe (RFC 8058) stops them all; a purchase, a refund or
 * an account deletion cancels what is still scheduled; the console counts each one.
 */
let smtp: Awaited<ReturnType<typeof localSmtpServer>>;
let t: TestApp;
let n = 0;
const OPERATOR = "follow-ups-operator-token-0123456789abcdef";
const HOUR = 3600;

const ACCEPTED: ConsentRecord = { analytics: true, marketing: true, decided_at: "2026-06-10T08:59:00.000Z" };
const DECLINED: ConsentRecord = { analytics: false, marketing: false, decided_at: "2026-06-10T08:59:00.000Z" };

beforeAll(async () => {
  smtp = await localSmtpServer();
  t = await createTestApp({ operatorToken: OPERATOR, env: { SMTP_URL: smtp.url, FOLLOW_UPS_INTERVAL_SECONDS: "0", RENEWALS_INTERVAL_SECONDS: "0" } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await closeSharedDatabase();
});

/** The real career test (flows/career.yaml), whose YAML declares two follow-ups: after 1h and 1d. */
const FLOW = "career_test_green";
const career = () => t.flows.find((f) => f.code === FLOW)!;
type Browser = ReturnType<typeof client>;

/**
 * A visitor who takes the career test up to its e-mail step, with the given privacy choice on the
 * session (the consent section writes it; until that merges it is set here, as the contract says).
 */
async function takeTest(browser: Browser, email: string, consent: ConsentRecord | null) {
  const flow = career();
  const started = await browser.post("/api/quiz/sessions", { flow_code: flow.code, flow_hash: flow.hash });
  const id = started.json().data.id as string;
  await t.db.update(quizSessions).set({ consent }).where(eq(quizSessions.id, id));
  const answer = async (step_id: string, value: unknown) => {
    const res = await browser.post(`/api/quiz/sessions/${id}/answers`, { step_id, value, flow_hash: flow.hash });
    expect(res.statusCode, `${step_id}: ${res.body}`).toBe(200);
  };
  for (const [area, level] of Object.entries({ r: 1, i: 3, a: 2, s: 4, e: 2, c: 0 })) for (let k = 1; k <= 5; k++) await answer(`${area}${k}`, level);
  await answer("situation", "working_change");
  await answer("name", "Robin");
  await answer("email", email);
  return id;
}

async function lead(consent: ConsentRecord | null) {
  const email = `lead${++n}@example.com`;
  const browser = client(t.app, nextIp(), t.origin);
  return { browser, sessionId: await takeTest(browser, email, consent), email };
}
type Lead = Awaited<ReturnType<typeof lead>>;

/** The app's clock moves on, the job runs, the mail sender delivers: what reached the SMTP server for this address. */
async function after(seconds: number, to?: string) {
  t.clock.advance(seconds);
  await sendDueFollowUps(t.app);
  await t.app.services.mail.drain();
  return to === undefined ? [] : followUpsTo(to);
}
/** A header as it was written on the wire (mailparser folds List-* headers into its own shape). */
const header = (m: ParsedMail, name: string) => {
  const line = m.headerLines.find((h) => h.key === name)?.line;
  return line === undefined ? undefined : line.slice(line.indexOf(":") + 1).trim();
};
const followUpsTo = (to: string) => smtp.received.filter((r) => r.envelopeTo.includes(to) && header(r.mail, "list-unsubscribe") !== undefined);
const rowsOf = (sessionId: string) => t.db.select().from(leadFollowUps).where(eq(leadFollowUps.quizSessionId, sessionId)).orderBy(asc(leadFollowUps.dueAt));
/** The URL in the List-Unsubscribe header. */
const unsubscribeUrl = (m: ParsedMail) => new URL(/^<([^>]+)>$/.exec(header(m, "list-unsubscribe")!)![1]!);
/** The e-mail's button: its link back to the pre-checkout. */
const buttonUrl = (m: ParsedMail) => new URL(m.text!.match(/https?:\/\/\S+\/mail\/follow-up\?token=\S+/)![0]);

async function pay(l: Lead) {
  expect((await l.browser.post(`/api/quiz/sessions/${l.sessionId}/complete`)).statusCode).toBe(200);
  const order = await l.browser.post("/api/checkout/start", { product_id: "month_1", session_id: l.sessionId, currency: "USD" });
  expect(order.statusCode, order.body).toBe(200);
  const orderId = order.json().data.order_id as string;
  expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
  return orderId;
}

describe("scheduled at the e-mail step, by the visitor's choice", () => {
  it("with marketing consent: both follow-ups are scheduled, sent when due and not before, through SMTP", async () => {
    const l = await lead(ACCEPTED);
    expect((await rowsOf(l.sessionId)).map((r) => [r.followUpId, r.status])).toEqual([
      ["an_hour_later", "scheduled"],
      ["a_day_later", "scheduled"],
    ]);
    expect(await after(HOUR - 60, l.email)).toHaveLength(0);
    const first = await after(60, l.email);
    expect(first.map((r) => r.mail.subject)).toEqual(["Your career interest profile is saved"]);
    expect(await after(23 * HOUR, l.email)).toHaveLength(2);
    expect(followUpsTo(l.email)[1]!.mail.subject).toBe("What your career interests point to");
    // Each went once: another pass sends nothing again.
    expect(await after(24 * HOUR, l.email)).toHaveLength(2);
  });

  it("without marketing consent (declined, or no choice yet) nothing is scheduled and nothing is sent", async () => {
    const declined = await lead(DECLINED);
    const undecided = await lead(null);
    expect(await rowsOf(declined.sessionId)).toEqual([]);
    expect(await rowsOf(undecided.sessionId)).toEqual([]);
    expect(await after(2 * 24 * HOUR, declined.email)).toHaveLength(0);
    expect(followUpsTo(undecided.email)).toHaveLength(0);
  });

  it("consent withdrawn before it is due: nothing goes out", async () => {
    const l = await lead(ACCEPTED);
    await t.db.update(quizSessions).set({ consent: DECLINED }).where(eq(quizSessions.id, l.sessionId));
    expect(await after(2 * 24 * HOUR, l.email)).toHaveLength(0);
    expect((await rowsOf(l.sessionId)).map((r) => [r.status, r.cancelReason])).toEqual([
      ["cancelled", "no_consent"],
      ["cancelled", "no_consent"],
    ]);
  });
});

describe("the e-mail", () => {
  it("holds the free summary of their own result, RFC 8058 headers, and a link that opens their pre-checkout in another browser", async () => {
    const l = await lead(ACCEPTED);
    const [mail] = (await after(HOUR, l.email)).map((r) => r.mail);
    const teaser = await l.browser.get(`/api/quiz/sessions/${l.sessionId}/report`);
    expect(teaser.statusCode, teaser.body).toBe(200);
    const summary = teaser.json().data.document.summary as string;
    expect(summary.length).toBeGreaterThan(20);
    expect(mail!.text).toContain(summary);

    expect(header(mail!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = unsubscribeUrl(mail!);
    expect(`${unsubscribe.origin}${unsubscribe.pathname}`).toBe(`${t.origin}/mail/unsubscribe`);
    expect(unsubscribe.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Another browser, no cookie: the link counts the click and lands on the "continue" page with a token that resumes the session.
    const elsewhere = client(t.app, nextIp(), t.origin);
    const url = buttonUrl(mail!);
    const open = await elsewhere.get(`${url.pathname}${url.search}`);
    expect(open.statusCode).toBe(303);
    const landing = new URL(open.headers.location as string, t.origin);
    expect(landing.pathname).toBe("/continue");
    const resumed = await elsewhere.post("/api/quiz/sessions/resume", { token: landing.searchParams.get("token") });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data.session_id).toBe(l.sessionId);
    expect(resumed.json().data.answers.email).toBe(l.email);
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  it("a GET only shows the page with its button; the POST, with no cookie, stops every follow-up to the address", async () => {
    const l = await lead(ACCEPTED);
    // A second quiz of the same address, also scheduled: the unsubscribe stops it too.
    const other = client(t.app, nextIp(), t.origin);
    const second = { id: await takeTest(other, l.email, ACCEPTED) };

    const [mail] = (await after(HOUR, l.email)).map((r) => r.mail);
    expect(followUpsTo(l.email)).toHaveLength(2);
    const url = unsubscribeUrl(mail!);
    const page = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<button");
    expect(page.body).toContain(l.email);
    expect(await t.db.select().from(followUpOptOuts)).toHaveLength(0);

    // As a mail provider posts it: no cookie, no Origin, the RFC's body.
    const post = await t.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain("unsubscribed");
    expect(await after(2 * 24 * HOUR, l.email)).toHaveLength(2);
    const rows = [...(await rowsOf(l.sessionId)), ...(await rowsOf(second.id))];
    expect(rows.filter((r) => r.status === "cancelled").map((r) => r.cancelReason)).toEqual(["unsubscribed", "unsubscribed"]);

    // A later quiz of the address schedules nothing; a token we never sent changes nothing.
    const again = await lead(ACCEPTED);
    expect(again.email).not.toBe(l.email);
    const forged = await t.app.inject({ method: "POST", url: `/mail/unsubscribe?token=${"a".repeat(43)}`, payload: "" });
    expect(forged.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: "POST", url: "/mail/unsubscribe?token=short" });
    expect(malformed.statusCode).toBe(400);
  });
});

describe("what cancels what is still scheduled", () => {
  it("a purchase: nothing goes out after it", async () => {
    const l = await lead(ACCEPTED);
    await pay(l);
    expect(await after(2 * 24 * HOUR, l.email)).toHaveLength(0);
    expect((await rowsOf(l.sessionId)).map((r) => r.cancelReason)).toEqual(["purchase", "purchase"]);
  });

  it("a refund after the first e-mail: the second does not go out", async () => {
    const l = await lead(ACCEPTED);
    expect(await after(HOUR, l.email)).toHaveLength(1);
    const orderId = await pay(l);
    expect((await deliver(t, maxPay(await paymentFor(t, orderId, { outcome: "refund" })))).statusCode).toBe(200);
    expect(await after(2 * 24 * HOUR, l.email)).toHaveLength(1);
    expect((await rowsOf(l.sessionId)).map((r) => [r.followUpId, r.status, r.cancelReason])).toEqual([
      ["an_hour_later", "sent", null],
      ["a_day_later", "cancelled", "refund"],
    ]);
  });

  it("an account deletion: cancelled, and the rows no longer hold the address", async () => {
    const l = await lead(ACCEPTED);
    const [customer] = await t.db.select().from(customers).where(eq(customers.email, l.email));
    const { db, clock, mail } = t.app.services;
    await deleteAccount(
      { db, clock, mail, log: t.app.log, provider: t.app.subscriptionProvider, appOrigin: t.origin, discountPercents: t.env.RETENTION_DISCOUNT_PERCENTS },
      customer!.id,
      null,
    );
    expect(await after(2 * 24 * HOUR, l.email)).toHaveLength(0);
    const rows = await t.db
      .select()
      .from(leadFollowUps)
      .where(eq(leadFollowUps.recipient, `deleted-${customer!.id}@deleted.invalid`));
    expect(rows.map((r) => [r.status, r.cancelReason])).toEqual([
      ["cancelled", "account_deleted"],
      ["cancelled", "account_deleted"],
    ]);
    expect(await t.db.select().from(leadFollowUps).where(eq(leadFollowUps.recipient, l.email))).toEqual([]);
  });
});

describe("the console's counts", () => {
  type Counts = { id: string; sent: number; clicked: number; bought: number; scheduled: number };
  const counts = async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/admin/funnels/${FLOW}/follow-ups`, headers: { authorization: `Bearer ${OPERATOR}` } });
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries((res.json().data as Counts[]).map((r) => [r.id, r]));
  };

  it("are staff only", async () => {
    expect((await client(t.app).get(`/api/admin/funnels/${FLOW}/follow-ups`)).statusCode).toBe(401);
  });

  it("per follow-up: sent, links opened (once per e-mail), bought after the e-mail", async () => {
    const before = await counts();
    const l = await lead(ACCEPTED);
    const [mail] = (await after(HOUR, l.email)).map((r) => r.mail);
    const url = buttonUrl(mail!);
    await client(t.app, nextIp(), t.origin).get(`${url.pathname}${url.search}`);
    // Ten minutes after the e-mail, they buy.
    t.clock.advance(600);
    await pay(l);
    const now = await counts();
    expect(now.an_hour_later!.sent - before.an_hour_later!.sent).toBe(1);
    expect(now.an_hour_later!.clicked - before.an_hour_later!.clicked).toBe(1);
    expect(now.an_hour_later!.bought - before.an_hour_later!.bought).toBe(1);
    // The second was still waiting when they bought: it counts as neither sent nor bought.
    expect(now.a_day_later!.sent - before.a_day_later!.sent).toBe(0);
    expect(now.a_day_later!.bought - before.a_day_later!.bought).toBe(0);
  });
});
