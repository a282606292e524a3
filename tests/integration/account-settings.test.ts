import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authTokens,
  coachBookings,
  customers,
  feedback,
  orders,
  quizAnswers,
  quizSessions,
  reportRequests,
  sessions,
  subscriptions,
  toolEntries,
} from "#server/db/schema.ts";
import { HttpError } from "#server/errors.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { hashSecretToken } from "#server/platform/secret-token.ts";
import { client, closeSharedDatabase, createTestApp, linkIn, type TestApp } from "../helpers/test-app.ts";
import { ensureTestPlan, insertSubscription, signedInCustomer, spyProvider, TEST_PLAN } from "../helpers/subscriptions.ts";

/**
 * Account settings through real HTTP on the embedded database: marketing consent, a change of
 * address (the password, or the current address's approval, then a confirmation at the new one,
 * never revealing whether another account uses it), links only their owner can use, a copy of
 * one's data with nobody else's in it, and deleting the account with a fresh proof.
 */
let t: TestApp;
let ips = 0;
const nextIp = () => `198.18.9.${(ips++ % 250) + 1}`;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await closeSharedDatabase();
});

const row = async (id: string) => (await t.db.select().from(customers).where(eq(customers.id, id)))[0]!;

describe("settings and marketing consent", () => {
  it("shows the address, whether there is a password, and the consent; a change is saved with its time", async () => {
    const me = await signedInCustomer(t.app, "settings-consent@example.org", nextIp());
    expect((await me.get("/api/customer/settings")).json()).toEqual({
      data: { email: "settings-consent@example.org", first_name: null, has_password: false, marketing_consent: false, marketing_consent_at: null },
    });
    const on = await me.post("/api/customer/settings/marketing-consent", { consent: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ marketing_consent: true, marketing_consent_at: t.clock.now().toISOString() });
    expect((await row(me.id)).marketingConsent).toBe(true);
    expect((await me.post("/api/customer/settings/marketing-consent", { consent: "yes" })).statusCode).toBe(400);
    expect((await client(t.app, nextIp()).get("/api/customer/settings")).statusCode).toBe(401);
  });
});

/** A customer with a password, logged in through the real login route. */
async function withPassword(email: string, password = "a long enough password") {
  await t.db.insert(customers).values({ email, passwordHash: await hashPassword(password) });
  const browser = client(t.app, nextIp());
  const login = await browser.post("/api/auth/login", { email, password });
  expect(login.statusCode).toBe(200);
  return Object.assign(browser, { id: login.json<{ data: { id: string } }>().data.id, email, password });
}
const tokenRow = async (token: string) =>
  (
    await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashSecretToken(token)))
  )[0]!;
const mailsTo = async (to: string) => (await t.outbox()).filter((m) => m.to.includes(to));

describe("the first name the dashboard greets by", () => {
  const quiz = async (customerId: string, flowCode: string, name: string | null, completedAt: Date) => {
    const [q] = await t.db
      .insert(quizSessions)
      .values({ visitorId: `v-name-${flowCode}-${completedAt.getTime()}`, customerId, flowCode, flowVersion: 1, flowHash: "h", status: "ready", completedAt })
      .returning();
    if (name !== null)
      await t.db.insert(quizAnswers).values({ sessionId: q!.id, stepId: "name", value: name, flowVersion: 1, flowHash: "h", answeredAt: completedAt });
    return q!.id;
  };
  const days = (n: number) => new Date(t.clock.now().getTime() + n * 86_400_000);

  it("is the name step of the newest quiz that reached the account through a paid order or a report, never one only typed at an e-mail step", async () => {
    const me = await signedInCustomer(t.app, "named@example.org", nextIp());
    const firstName = async () => {
      const given = (await me.get("/api/customer/settings")).json<{ data: { first_name: string | null } }>().data.first_name;
      // The logged-in customer carries the same name: a funnel's name step starts with it.
      expect((await me.get("/api/auth/customer")).json<{ data: { first_name: string | null } }>().data.first_name).toBe(given);
      return given;
    };
    expect(await firstName()).toBeNull();

    // A quiz tied to the account only by an address typed at its e-mail step (it could be anyone's).
    await quiz(me.id, "career_test_green", "Mallory", days(-1));
    expect(await firstName()).toBeNull();

    await ensureTestPlan(t.db);
    const paidQuiz = await quiz(me.id, "career_test_green", "  Ada ", days(-10));
    await t.db.insert(orders).values({
      customerId: me.id,
      quizSessionId: paidQuiz,
      productId: TEST_PLAN.id,
      provider: "max_pay",
      kind: "initial",
      currency: "USD",
      amount: 199,
      status: "paid",
      paidAt: days(-10),
    });
    expect(await firstName()).toBe("Ada");
    // A pending order is no proof the buyer gave it.
    const pendingQuiz = await quiz(me.id, "anxiety_gad7", "Eve", days(-2));
    await t.db
      .insert(orders)
      .values({ customerId: me.id, quizSessionId: pendingQuiz, productId: TEST_PLAN.id, provider: "max_pay", kind: "initial", currency: "USD", amount: 199 });
    expect(await firstName()).toBe("Ada");

    // A newer report (a plan's included report) with a name wins; a newer one without a name step answer does not hide it.
    const reported = await quiz(me.id, "burnout_cbi", "Ada Lovelace", days(-3));
    await t.db.insert(reportRequests).values({ customerId: me.id, quizSessionId: reported, reportCode: "burnout_cbi" });
    expect(await firstName()).toBe("Ada Lovelace");
    const unnamed = await quiz(me.id, "anxiety_gad7", null, days(-1));
    await t.db.insert(reportRequests).values({ customerId: me.id, quizSessionId: unnamed, reportCode: "anxiety_gad7" });
    expect(await firstName()).toBe("Ada Lovelace");
  });
});

describe("changing the e-mail address", () => {
  it("with a password: refused without it or with a wrong one; with it, a link to the new address and a notice to the old; the link moves the account and ends other sessions", async () => {
    const me = await withPassword("move-me@example.org");
    const other = await signedInCustomer(t.app, "move-me@example.org", nextIp());
    const missing = await me.post("/api/customer/email-change", { new_email: "moved-here@example.org" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe("password_required");
    const wrong = await me.post("/api/customer/email-change", { new_email: "moved-here@example.org", current_password: "not my password" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe("wrong_password");
    expect(await mailsTo("moved-here@example.org")).toEqual([]);

    const asked = await me.post("/api/customer/email-change", { new_email: "  Moved-Here@Example.org ", current_password: me.password });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ data: { link_sent_to: "new_address" } });
    const outbox = await t.outbox();
    expect(outbox.some((m) => m.to.includes("move-me@example.org") && /change of your Pathwise e-mail address was asked for/.test(m.subject))).toBe(true);
    const link = linkIn(outbox, "moved-here@example.org", "/account/profile/confirm-email");
    const token = link.searchParams.get("token")!;

    const done = await me.post("/api/customer/email-change/confirm", { token });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: { email: "moved-here@example.org" } });
    expect((await row(me.id)).email).toBe("moved-here@example.org");
    expect((await t.outbox()).some((m) => m.to.includes("move-me@example.org") && /address was changed/.test(m.subject))).toBe(true);
    // This browser stays logged in (a new session); every other session of the account is ended.
    expect((await me.get("/api/customer/settings")).json().data.email).toBe("moved-here@example.org");
    expect((await other.get("/api/customer/settings")).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.customerId, me.id))).toHaveLength(1);
    // The link works once.
    expect((await me.post("/api/customer/email-change/confirm", { token })).json().error.code).toBe("invalid_token");
  });

  it("without a password: the current address approves first, logged in as the account; then the new address confirms", async () => {
    const me = await signedInCustomer(t.app, "no-password@example.org", nextIp());
    const other = await signedInCustomer(t.app, "no-password@example.org", nextIp());
    const stranger = await signedInCustomer(t.app, "approve-stranger@example.org", nextIp());
    const asked = await me.post("/api/customer/email-change", { new_email: "no-password-new@example.org" });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ data: { link_sent_to: "current_address" } });
    // Nothing goes to the new address yet: the current one is asked first.
    expect(await mailsTo("no-password-new@example.org")).toEqual([]);
    const approval = (await mailsTo("no-password@example.org")).at(-1)!;
    expect(approval.subject).toBe("Approve the change of your Pathwise e-mail address");
    expect(approval.text).toContain("no-password-new@example.org");
    const approveToken = linkIn(await t.outbox(), "no-password@example.org", "/account/profile/approve-email-change").searchParams.get("token")!;

    // Another logged-in account cannot use it, and does not use it up.
    const stolen = await stranger.post("/api/customer/email-change/approve", { token: approveToken });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.code).toBe("invalid_token");
    expect((await tokenRow(approveToken)).usedAt).toBeNull();
    expect(await mailsTo("no-password-new@example.org")).toEqual([]);

    const approved = await me.post("/api/customer/email-change/approve", { token: approveToken });
    expect(approved.statusCode).toBe(202);
    expect(approved.json()).toEqual({ data: { new_email: "no-password-new@example.org" } });
    expect((await me.post("/api/customer/email-change/approve", { token: approveToken })).json().error.code).toBe("invalid_token");
    expect((await row(me.id)).email).toBe("no-password@example.org");

    const token = linkIn(await t.outbox(), "no-password-new@example.org", "/account/profile/confirm-email").searchParams.get("token")!;
    const done = await me.post("/api/customer/email-change/confirm", { token });
    expect(done.statusCode).toBe(200);
    expect((await row(me.id)).email).toBe("no-password-new@example.org");
    expect((await me.get("/api/customer/settings")).statusCode).toBe(200);
    expect((await other.get("/api/customer/settings")).statusCode).toBe(401);
    expect((await stranger.get("/api/customer/settings")).statusCode).toBe(200);
  });

  it("the approval link expires after an hour", async () => {
    const me = await signedInCustomer(t.app, "slow-approver@example.org", nextIp());
    await me.post("/api/customer/email-change", { new_email: "slow-approver-new@example.org" });
    const token = linkIn(await t.outbox(), "slow-approver@example.org", "/account/profile/approve-email-change").searchParams.get("token")!;
    t.clock.advance(3600 + 1);
    expect((await me.post("/api/customer/email-change/approve", { token })).json().error.code).toBe("invalid_token");
    expect(await mailsTo("slow-approver-new@example.org")).toEqual([]);
  });

  it("answers the same for an address another account uses, and refuses it at confirmation time without changing anything", async () => {
    await t.db.insert(customers).values({ email: "already-here@example.org" });
    const me = await withPassword("wants-taken@example.org");
    expect((await me.post("/api/customer/email-change", { new_email: "already-here@example.org", current_password: me.password })).statusCode).toBe(202);
    const token = linkIn(await t.outbox(), "already-here@example.org", "/account/profile/confirm-email").searchParams.get("token")!;
    const res = await me.post("/api/customer/email-change/confirm", { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("email_taken");
    expect((await row(me.id)).email).toBe("wants-taken@example.org");
  });

  it("another account's link is refused without using it up, so its owner still can; an expired link, the current address and a bad address are refused", async () => {
    const asker = await withPassword("asker@example.org");
    const thief = await signedInCustomer(t.app, "thief@example.org", nextIp());
    await asker.post("/api/customer/email-change", { new_email: "asker-new@example.org", current_password: asker.password });
    const token = linkIn(await t.outbox(), "asker-new@example.org", "/account/profile/confirm-email").searchParams.get("token")!;
    const stolen = await thief.post("/api/customer/email-change/confirm", { token });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.code).toBe("invalid_token");
    expect((await row(thief.id)).email).toBe("thief@example.org");
    expect((await tokenRow(token)).usedAt).toBeNull();
    const owned = await asker.post("/api/customer/email-change/confirm", { token });
    expect(owned.statusCode).toBe(200);
    expect((await row(asker.id)).email).toBe("asker-new@example.org");

    await asker.post("/api/customer/email-change", { new_email: "asker-later@example.org", current_password: asker.password });
    const late = linkIn(await t.outbox(), "asker-later@example.org", "/account/profile/confirm-email").searchParams.get("token")!;
    t.clock.advance(24 * 3600 + 1);
    const expired = await asker.post("/api/customer/email-change/confirm", { token: late });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe("invalid_token");
    expect((await row(asker.id)).email).toBe("asker-new@example.org");

    expect((await asker.post("/api/customer/email-change", { new_email: "Asker-New@example.org", current_password: asker.password })).json().error.code).toBe(
      "same_email",
    );
    expect((await asker.post("/api/customer/email-change", { new_email: "not an address", current_password: asker.password })).statusCode).toBe(400);
  });
});

describe("downloading my data", () => {
  it("is an attachment with the account's own rows and none of another customer's", async () => {
    const me = await signedInCustomer(t.app, "export-me@example.org", nextIp());
    const other = await signedInCustomer(t.app, "export-other@example.org", nextIp());
    await insertSubscription(t.db, me.id, t.clock.now());
    await t.db.insert(toolEntries).values([
      { customerId: me.id, toolName: "energy-map", data: { items: [{ name: "Mine" }] } },
      { customerId: other.id, toolName: "energy-map", data: { items: [{ name: "Someone else's" }] } },
    ]);
    await t.db.insert(feedback).values({ form: "general", rating: 4, comment: "Mine too", customerId: me.id });
    const res = await me.get("/api/customer/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="pathwise-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    expect(data.account).toMatchObject({ email: "export-me@example.org", has_password: false });
    expect(data.subscriptions).toHaveLength(1);
    expect(data.orders).toEqual([expect.objectContaining({ amount_minor: 999, currency: "USD", status: "paid" })]);
    expect(data.tool_entries).toEqual([expect.objectContaining({ tool: "energy-map", data: { items: [{ name: "Mine" }] } })]);
    expect(data.feedback).toEqual([expect.objectContaining({ rating: 4, comment: "Mine too" })]);
    const text = res.body;
    expect(text).not.toContain("Someone else's");
    expect(text).not.toContain("export-other@example.org");
    expect(text).not.toContain("sandbox_token");
    expect((await client(t.app, nextIp()).get("/api/customer/export")).statusCode).toBe(401);
  });
});

describe("deleting the account", () => {
  it("needs a fresh proof: retyping the address is not one, nor a wrong password", async () => {
    const me = await withPassword("delete-proof@example.org");
    const retyped = await me.post("/api/customer/delete-account", { email: me.email });
    expect(retyped.statusCode).toBe(400);
    expect((await me.post("/api/customer/delete-account", {})).json().error.code).toBe("proof_required");
    const wrong = await me.post("/api/customer/delete-account", { current_password: "not my password" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe("wrong_password");
    expect((await me.post("/api/customer/delete-account", { token: "x".repeat(43) })).json().error.code).toBe("invalid_token");
    expect((await row(me.id)).email).toBe(me.email);
    // An account without a password cannot pass a password.
    const linkOnly = await signedInCustomer(t.app, "delete-no-password@example.org", nextIp());
    expect((await linkOnly.post("/api/customer/delete-account", { current_password: "anything at all" })).json().error.code).toBe("proof_required");
    expect((await row(linkOnly.id)).email).toBe("delete-no-password@example.org");
  });

  it("with the password: cancels the plan and the upcoming coaching session (the coach is told), deletes personal data, keeps the payment record, sends one goodbye e-mail and no 'plan cancelled' one", async () => {
    const email = "delete-me@example.org";
    const browser = await withPassword(email);
    const other = client(t.app, nextIp());
    await other.post("/api/auth/login", { email, password: browser.password });
    const id = browser.id;
    const sub = await insertSubscription(t.db, id, t.clock.now());
    await t.db.insert(toolEntries).values({ customerId: id, toolName: "energy-map", data: {} });
    await t.db.insert(quizSessions).values({ visitorId: "v-delete", customerId: id, flowCode: "career_test_green", flowVersion: 1, flowHash: "h" });
    const now = t.clock.now().getTime();
    const upcoming = { startsAt: new Date(now + 3 * 86_400_000), endsAt: new Date(now + 3 * 86_400_000 + 45 * 60_000) };
    await t.db.insert(coachBookings).values({ customerId: id, sessionCode: "career-direction", ...upcoming, note: "Switching to data work" });
    await t.db
      .insert(coachBookings)
      .values({ customerId: id, sessionCode: "cv-interview", startsAt: new Date(now - 5 * 86_400_000), endsAt: new Date(now - 5 * 86_400_000 + 3_600_000) });
    const coachBefore = (await mailsTo("coaching@pathwise.local")).length;
    const spy = spyProvider(t.app);

    const res = await browser.post("/api/customer/delete-account", { current_password: browser.password });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["set-cookie"])).toMatch(/sid=;/);
    expect(spy.cancel).toHaveBeenCalledTimes(1);
    expect((await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0]!.status).toBe("cancelled");
    const gone = await row(id);
    expect(gone).toMatchObject({ email: `deleted-${id}@deleted.invalid`, passwordHash: null, marketingConsent: false });
    expect(await t.db.select().from(toolEntries).where(eq(toolEntries.customerId, id))).toEqual([]);
    expect(await t.db.select().from(quizSessions).where(eq(quizSessions.customerId, id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.customerId, id))).toEqual([]);
    expect(await t.db.select().from(coachBookings).where(eq(coachBookings.customerId, id))).toEqual([]);
    expect(await t.db.select().from(orders).where(eq(orders.customerId, id))).toHaveLength(1);
    expect((await other.get("/api/customer/settings")).statusCode).toBe(401);

    // The coach hears of the upcoming session only, not of the past one.
    const notices = (await mailsTo("coaching@pathwise.local")).slice(coachBefore);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toMatch(/^Coaching cancelled: Career direction session/);
    expect(notices[0]!.text).toContain(`Customer: ${email}.`);
    expect(notices[0]!.text).toContain("deleted their Pathwise account");
    expect(notices[0]!.text).toContain("Switching to data work");

    // Exactly one e-mail to the customer: the goodbye, true of a deleted account, with the calendar file that removes the session.
    const mine = await mailsTo(email);
    expect(mine.map((m) => m.subject)).toEqual(["Your Pathwise account was deleted"]);
    expect(mine[0]!.text).toContain("Your plan was cancelled, so you will not be charged again.");
    expect(mine[0]!.text).toContain("Your Career direction session on");
    expect(mine[0]!.text).not.toMatch(/keep access|restart the plan|My plans/);
    expect(mine[0]!.attachments.map((a) => a.filename)).toEqual(["coaching-session.ics"]);
    expect(mine[0]!.attachments[0]!.content).toContain("METHOD:CANCEL");

    expect((await client(t.app, nextIp()).post("/api/auth/login", { email, password: browser.password })).statusCode).toBe(401);
    const before = (await t.outbox()).length;
    expect((await client(t.app, nextIp()).post("/api/auth/login-link", { email })).statusCode).toBe(202);
    expect((await t.outbox()).length).toBe(before);
  });

  it("without a password: a deletion link e-mailed to the account, usable only by it, for 30 minutes", async () => {
    const me = await signedInCustomer(t.app, "delete-by-link@example.org", nextIp());
    const stranger = await signedInCustomer(t.app, "delete-link-stranger@example.org", nextIp());
    expect((await me.post("/api/customer/delete-account/link", {})).statusCode).toBe(202);
    const sent = (await mailsTo("delete-by-link@example.org")).at(-1)!;
    expect(sent.subject).toBe("The link to delete your Pathwise account");
    const first = linkIn(await t.outbox(), "delete-by-link@example.org", "/account/profile/delete-account").searchParams.get("token")!;
    t.clock.advance(30 * 60 + 1);
    expect((await me.post("/api/customer/delete-account", { token: first })).json().error.code).toBe("invalid_token");

    await me.post("/api/customer/delete-account/link", {});
    const token = linkIn(await t.outbox(), "delete-by-link@example.org", "/account/profile/delete-account").searchParams.get("token")!;
    expect(token).not.toBe(first);
    // Another account posting it deletes nothing and does not use it up.
    const stolen = await stranger.post("/api/customer/delete-account", { token });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.code).toBe("invalid_token");
    expect((await row(stranger.id)).email).toBe("delete-link-stranger@example.org");
    expect((await tokenRow(token)).usedAt).toBeNull();

    const res = await me.post("/api/customer/delete-account", { token });
    expect(res.statusCode).toBe(200);
    expect((await row(me.id)).email).toBe(`deleted-${me.id}@deleted.invalid`);
    expect((await mailsTo("delete-by-link@example.org")).filter((m) => /account was deleted/.test(m.subject))).toHaveLength(1);
    // The link went with the account.
    expect((await me.post("/api/customer/delete-account", { token })).statusCode).toBe(401);
  });

  it("deletes nothing when the provider cannot cancel a plan", async () => {
    const me = await withPassword("delete-provider-down@example.org");
    await insertSubscription(t.db, me.id, t.clock.now());
    const spy = spyProvider(t.app);
    spy.cancel.mockRejectedValueOnce(new HttpError(502, "provider_unavailable", "The payment provider did not answer"));
    const res = await me.post("/api/customer/delete-account", { current_password: me.password });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.statusCode).toBeLessThan(600);
    expect((await row(me.id)).email).toBe(me.email);
    expect((await me.get("/api/customer/settings")).statusCode).toBe(200);
    expect((await mailsTo(me.email)).filter((m) => /deleted|cancelled/.test(m.subject))).toEqual([]);
  });
});
