import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { authTokens, customers, mailOutbox, orders, paymentEvents, quizSessions, subscriptionActions } from "#server/db/schema.ts";
import { runRenewals } from "#server/payments/renewals/renewals.ts";
import type { Mailer, Message } from "#server/mail/mailer.ts";
import { hashSecretToken } from "#server/platform/secret-token.ts";
import { buyer, checkout, deliver, maxPay, nextIp, paymentFor, paymentsTestApp } from "../helpers/payments.ts";
import { answer, startQuiz } from "../helpers/quiz.ts";
import { DAY_SECONDS, insertSubscription, signedInCustomer, spyProvider } from "../helpers/subscriptions.ts";
import { client, closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

/**
 * Every e-mail is written to the outbox in the transaction of the change it reports (issue 7.5):
 * with the transport down the change still commits with its mail queued, which goes out once the
 * transport is back; a change that rolls back leaves no mail.
 */

/** A transport the test can take down; what it delivered, in order. */
const transport = {
  down: false,
  delivered: [] as Message[],
};
const switchable: Mailer = {
  kind: "outbox",
  async send(m) {
    if (transport.down) throw new Error("smtp unreachable (test)");
    transport.delivered.push(m);
  },
  close() {},
};

let t: TestApp;
let spies: ReturnType<typeof spyProvider>;
let seq = 0;

beforeAll(async () => {
  t = await paymentsTestApp({ mailer: switchable, env: { RENEWALS_INTERVAL_SECONDS: "0", MAIL_SEND_INTERVAL_SECONDS: "0" } });
  spies = spyProvider(t.app);
});
beforeEach(() => {
  transport.down = false;
  vi.clearAllMocks();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

/** Outbox rows to one address, oldest first; only of one kind when given (a buyer also gets the quiz's resume link). */
const outboxTo = (to: string, kind?: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to), kind ? eq(mailOutbox.kind, kind) : undefined))
    .orderBy(mailOutbox.createdAt);
const deliveredTo = (to: string, subject = /./) => transport.delivered.filter((m) => m.to === to && subject.test(m.subject));
const RECEIPT = /^Your Pathwise receipt/;
const linkIn = (m: Message, marker: string) => new URL(m.text.match(/https?:\/\/\S+/g)!.find((u) => u.includes(marker))!);

/** The transport comes back and the backoff is over: the sender delivers what waited. */
async function transportBack() {
  transport.down = false;
  await t.db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(mailOutbox.status, "queued"));
  await t.app.services.mail.drain();
}

/** Sends whatever a request queued, with the transport down: the attempt fails and the row waits. */
async function failedAttempt() {
  transport.down = true;
  await t.app.services.mail.drain();
}

describe("payments: the receipt", () => {
  it("commits with the payment and its login token; a transport failure loses nothing", async () => {
    const email = `paid${++seq}@example.org`;
    const b = await buyer(t, email);
    const { orderId } = await checkout(b);
    await t.app.services.mail.drain();
    transport.down = true;
    expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
    await failedAttempt();

    const [queued, ...others] = await outboxTo(email, "receipt");
    expect(others).toEqual([]);
    expect(queued).toMatchObject({ kind: "receipt", dedupeKey: `receipt:${orderId}`, status: "queued", attempts: 1, lastError: "smtp unreachable (test)" });
    expect(
      await t.db
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.customerId, b.customerId), eq(authTokens.purpose, "login"))),
    ).toHaveLength(1);

    await transportBack();
    const [receipt, ...more] = deliveredTo(email, RECEIPT);
    expect(more).toEqual([]);
    const link = linkIn(receipt!, "tmp_token=");
    const login = await client(t.app, nextIp(), t.origin).post("/api/auth/login", { email, tmp_token: link.searchParams.get("tmp_token") });
    expect(login.statusCode, login.body).toBe(200);
    expect(await outboxTo(email, "receipt")).toMatchObject([{ status: "sent", attempts: 2, text: null, html: null }]);
  });

  it("a payment whose receipt cannot be written rolls back whole (503, nothing stored), and the provider's retry pays and queues one receipt", async () => {
    const email = `rollback${++seq}@example.org`;
    const b = await buyer(t, email);
    const { orderId } = await checkout(b);
    const notification = maxPay(await paymentFor(t, orderId));
    vi.spyOn(t.app.services.authTokens, "issue").mockRejectedValueOnce(new Error("database went away (test)"));
    expect((await deliver(t, notification)).statusCode).toBe(503);
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe("pending");
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId))).toEqual([]);
    expect(await outboxTo(email, "receipt")).toEqual([]);

    expect((await deliver(t, notification)).statusCode).toBe(200);
    expect((await deliver(t, notification)).statusCode).toBe(200);
    await t.app.services.mail.drain();
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe("paid");
    expect(await outboxTo(email, "receipt")).toMatchObject([{ status: "sent" }]);
    expect(deliveredTo(email, RECEIPT)).toHaveLength(1);
  });
});

describe("auth: the login link", () => {
  it("commits with its token; sent once the transport is back, and it logs in", async () => {
    const email = `link${++seq}@example.org`;
    await t.db.insert(customers).values({ email });
    transport.down = true;
    expect((await client(t.app, nextIp(), t.origin).post("/api/auth/login-link", { email })).statusCode).toBe(202);
    await failedAttempt();
    expect(await outboxTo(email)).toMatchObject([{ kind: "login-link", status: "queued", attempts: 1 }]);

    await transportBack();
    const [mail] = deliveredTo(email);
    const link = linkIn(mail!, "tmp_token=");
    expect((await client(t.app, nextIp(), t.origin).post("/api/auth/login", { email, tmp_token: link.searchParams.get("tmp_token") })).statusCode).toBe(200);
  });

  it("queues nothing for an unknown address", async () => {
    const email = `ghost${++seq}@example.org`;
    expect((await client(t.app, nextIp(), t.origin).post("/api/auth/login-link", { email })).statusCode).toBe(202);
    expect(await outboxTo(email)).toEqual([]);
  });
});

describe("passwords: reset and changed", () => {
  it("a failing transport does not roll back the reset token; the link arrives later and works, and the change notice is queued with the new password", async () => {
    const email = `reset${++seq}@example.org`;
    const [customer] = await t.db.insert(customers).values({ email }).returning();
    transport.down = true;
    expect((await client(t.app, nextIp(), t.origin).post("/api/auth/reset-password", { email })).statusCode).toBe(202);
    await failedAttempt();
    expect(
      await t.db
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.customerId, customer!.id), eq(authTokens.purpose, "reset"))),
    ).toHaveLength(1);
    expect(await outboxTo(email)).toMatchObject([{ kind: "password-reset", status: "queued", attempts: 1 }]);

    await transportBack();
    const token = linkIn(deliveredTo(email)[0]!, "/reset-password?token=").searchParams.get("token");
    transport.down = true;
    const confirmed = await client(t.app, nextIp(), t.origin).post("/api/auth/reset-password/confirm", { token });
    expect(confirmed.statusCode).toBe(200);
    await failedAttempt();
    const [after] = await t.db.select().from(customers).where(eq(customers.id, customer!.id));
    expect(after!.passwordHash).not.toBeNull();
    expect((await outboxTo(email)).map((r) => [r.kind, r.status])).toEqual([
      ["password-reset", "sent"],
      ["password-changed", "queued"],
    ]);
    await transportBack();
    expect(deliveredTo(email).map((m) => m.subject)).toEqual(["Reset your Pathwise password", "Your Pathwise password was changed"]);
  });
});

describe("quiz: the resume link", () => {
  it("commits with the session's resume token; the link arrives once the transport is back", async () => {
    const email = `resume${++seq}@example.org`;
    const browser = client(t.app, nextIp(), t.origin);
    const session = await startQuiz(t, browser);
    transport.down = true;
    expect((await answer(t, browser, session.id, "email", email)).statusCode).toBe(200);
    await failedAttempt();
    const [row] = await t.db.select().from(quizSessions).where(eq(quizSessions.id, session.id));
    expect(row!.resumeTokenHash).not.toBeNull();
    expect(await outboxTo(email)).toMatchObject([{ kind: "resume-quiz", status: "queued", attempts: 1 }]);

    await transportBack();
    const link = linkIn(deliveredTo(email)[0]!, "/continue?token=");
    expect(hashSecretToken(link.searchParams.get("token")!)).toBe(row!.resumeTokenHash);
  });

  it("is not mailed to a logged-in customer: the quiz and its report are in their account", async () => {
    const me = await signedInCustomer(t.app, `resume-in${++seq}@example.org`, nextIp());
    for (let quiz = 0; quiz < 2; quiz++) {
      const session = await startQuiz(t, me);
      expect((await answer(t, me, session.id, "email", me.email)).statusCode).toBe(200);
      const [row] = await t.db.select().from(quizSessions).where(eq(quizSessions.id, session.id));
      expect(row).toMatchObject({ customerId: me.id, customerConfirmed: true, resumeTokenHash: null });
    }
    expect(await outboxTo(me.email, "resume-quiz")).toEqual([]);
  });
});

describe("subscriptions: changes, renewals and reminders", () => {
  it("a change commits with its e-mail (one per action, a retry with the same key queues none); a provider failure rolls back both", async () => {
    const c = await signedInCustomer(t.app, `pause${++seq}@example.org`, nextIp());
    const sub = await insertSubscription(t.db, c.id, t.clock.now());

    spies.pause.mockRejectedValueOnce(new Error("timeout"));
    expect((await c.post("/api/subscription/pause", { sub_id: sub.id, months: 1 }, { "idempotency-key": "pause-visit-1" })).statusCode).toBe(502);
    expect(await outboxTo(c.email)).toEqual([]);

    transport.down = true;
    for (let i = 0; i < 2; i++) {
      expect((await c.post("/api/subscription/pause", { sub_id: sub.id, months: 1 }, { "idempotency-key": "pause-visit-1" })).statusCode).toBe(200);
    }
    await failedAttempt();
    const [action] = await t.db.select().from(subscriptionActions).where(eq(subscriptionActions.subscriptionId, sub.id));
    expect(await outboxTo(c.email)).toMatchObject([{ kind: "subscription-pause", dedupeKey: `mail:${action!.idempotencyKey}`, status: "queued" }]);
    await transportBack();
    expect(deliveredTo(c.email)).toHaveLength(1);
  });

  it("the renewal job queues the receipt with the charge's outcome and the pause reminder with its action, once each", async () => {
    const now = new Date(t.clock.now().getTime() + 400 * DAY_SECONDS * 1000);
    const c = await signedInCustomer(t.app, `renew${++seq}@example.org`, nextIp());
    const end = new Date(now.getTime() - 3_600_000);
    const sub = await insertSubscription(t.db, c.id, now, {
      currentPeriodStart: new Date(end.getTime() - 30 * DAY_SECONDS * 1000),
      currentPeriodEnd: end,
      nextChargeAt: end,
    });
    const r = await signedInCustomer(t.app, `remind${++seq}@example.org`, nextIp());
    const resumesAt = new Date(now.getTime() + 3 * DAY_SECONDS * 1000);
    await insertSubscription(t.db, r.id, now, { status: "paused", pausedUntil: resumesAt, nextChargeAt: resumesAt });

    transport.down = true;
    await runRenewals(t.app, now);
    await runRenewals(t.app, new Date(now.getTime() + 60_000));
    await failedAttempt();
    const [renewal] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.subscriptionId, sub.id), eq(orders.kind, "renewal")));
    expect(renewal!.status).toBe("paid");
    expect(await outboxTo(c.email)).toMatchObject([{ kind: "subscription-renewed", status: "queued", attempts: 1 }]);
    expect(await outboxTo(r.email)).toMatchObject([{ kind: "subscription-resume-reminder", status: "queued", attempts: 1 }]);

    await transportBack();
    expect(deliveredTo(c.email).map((m) => m.text)).toEqual([expect.stringContaining(renewal!.id)]);
    expect(deliveredTo(r.email)).toHaveLength(1);
  });
});
