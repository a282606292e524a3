import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coachBookings, customers, feedback, orders, quizSessions, sessions, subscriptions, toolEntries } from "../../src/server/db/schema.ts";
import { HttpError } from "../../src/server/errors.ts";
import { hashPassword } from "../../src/server/services/passwords.ts";
import { client, closeSharedDatabase, createTestApp, linkIn, type TestApp } from "../helpers/test-app.ts";
import { insertSubscription, signedInCustomer, spyProvider } from "../helpers/subscriptions.ts";

/**
 * Account settings through real HTTP on the embedded database: marketing consent, a change of
 * address confirmed at the new one (never revealing whether another account uses it), a copy of
 * one's data with nobody else's in it, and deleting the account.
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
      data: { email: "settings-consent@example.org", has_password: false, marketing_consent: false, marketing_consent_at: null },
    });
    const on = await me.post("/api/customer/settings/marketing-consent", { consent: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ marketing_consent: true, marketing_consent_at: t.clock.now().toISOString() });
    expect((await row(me.id)).marketingConsent).toBe(true);
    expect((await me.post("/api/customer/settings/marketing-consent", { consent: "yes" })).statusCode).toBe(400);
    expect((await client(t.app, nextIp()).get("/api/customer/settings")).statusCode).toBe(401);
  });
});

describe("changing the e-mail address", () => {
  it("sends a link to the new address and a notice to the old; the link moves the account and ends other sessions", async () => {
    const me = await signedInCustomer(t.app, "move-me@example.org", nextIp());
    const other = await signedInCustomer(t.app, "move-me@example.org", nextIp());
    const asked = await me.post("/api/customer/email-change", { new_email: "  Moved-Here@Example.org " });
    expect(asked.statusCode).toBe(202);
    const outbox = await t.outbox();
    expect(outbox.some((m) => m.to.includes("move-me@example.org") && /change of your Pathwise e-mail address was asked for/.test(m.subject))).toBe(true);
    const link = linkIn(outbox, "moved-here@example.org", "/account/profile/confirm-email");
    const token = link.searchParams.get("token")!;

    const done = await me.post("/api/customer/email-change/confirm", { token });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: { email: "moved-here@example.org" } });
    expect((await row(me.id)).email).toBe("moved-here@example.org");
    expect((await t.outbox()).some((m) => m.to.includes("move-me@example.org") && /address was changed/.test(m.subject))).toBe(true);
    // This browser stays logged in with a new session; the other one is logged out.
    me.cookie = String(done.headers["set-cookie"]).split(";")[0]!;
    expect((await me.get("/api/customer/settings")).json().data.email).toBe("moved-here@example.org");
    expect((await other.get("/api/customer/settings")).statusCode).toBe(401);
    // The link works once.
    expect((await me.post("/api/customer/email-change/confirm", { token })).json().error.code).toBe("invalid_token");
  });

  it("answers the same for an address another account uses, and refuses it at confirmation time without changing anything", async () => {
    await t.db.insert(customers).values({ email: "already-here@example.org" });
    const me = await signedInCustomer(t.app, "wants-taken@example.org", nextIp());
    expect((await me.post("/api/customer/email-change", { new_email: "already-here@example.org" })).statusCode).toBe(202);
    const token = linkIn(await t.outbox(), "already-here@example.org", "/account/profile/confirm-email").searchParams.get("token")!;
    const res = await me.post("/api/customer/email-change/confirm", { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("email_taken");
    expect((await row(me.id)).email).toBe("wants-taken@example.org");
  });

  it("refuses another account's link, an expired link, the current address and a bad address", async () => {
    const asker = await signedInCustomer(t.app, "asker@example.org", nextIp());
    const thief = await signedInCustomer(t.app, "thief@example.org", nextIp());
    await asker.post("/api/customer/email-change", { new_email: "asker-new@example.org" });
    const token = linkIn(await t.outbox(), "asker-new@example.org", "/account/profile/confirm-email").searchParams.get("token")!;
    expect((await thief.post("/api/customer/email-change/confirm", { token })).json().error.code).toBe("invalid_token");
    expect((await row(thief.id)).email).toBe("thief@example.org");

    await asker.post("/api/customer/email-change", { new_email: "asker-later@example.org" });
    const late = linkIn(await t.outbox(), "asker-later@example.org", "/account/profile/confirm-email").searchParams.get("token")!;
    t.clock.advance(24 * 3600 + 1);
    const expired = await asker.post("/api/customer/email-change/confirm", { token: late });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe("invalid_token");
    expect((await row(asker.id)).email).toBe("asker@example.org");
    const fresh = await signedInCustomer(t.app, "asker@example.org", nextIp());

    expect((await fresh.post("/api/customer/email-change", { new_email: "Asker@example.org" })).json().error.code).toBe("same_email");
    expect((await fresh.post("/api/customer/email-change", { new_email: "not an address" })).statusCode).toBe(400);
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
  it("cancels the plan with the provider, deletes personal data, keeps the payment record, logs out everywhere and refuses the old login", async () => {
    const email = "delete-me@example.org";
    await t.db.insert(customers).values({ email, passwordHash: await hashPassword("a long enough password") });
    const browser = client(t.app, nextIp());
    const login = await browser.post("/api/auth/login", { email, password: "a long enough password" });
    const id = login.json<{ data: { id: string } }>().data.id;
    const sub = await insertSubscription(t.db, id, t.clock.now());
    await t.db.insert(toolEntries).values({ customerId: id, toolName: "energy-map", data: {} });
    await t.db.insert(quizSessions).values({ visitorId: "v-delete", customerId: id, flowCode: "career_test_green", flowVersion: 1, flowHash: "h" });
    const spy = spyProvider(t.app);

    expect((await browser.post("/api/customer/delete-account", { email: "someone@example.org" })).json().error.code).toBe("confirm_email");
    expect((await row(id)).email).toBe(email);

    const res = await browser.post("/api/customer/delete-account", { email: "  DELETE-me@example.org " });
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
    expect((await t.outbox()).some((m) => m.to.includes(email) && /account was deleted/.test(m.subject))).toBe(true);

    expect((await client(t.app, nextIp()).post("/api/auth/login", { email, password: "a long enough password" })).statusCode).toBe(401);
    const before = (await t.outbox()).length;
    expect((await client(t.app, nextIp()).post("/api/auth/login-link", { email })).statusCode).toBe(202);
    expect((await t.outbox()).length).toBe(before);
  });

  it("deletes nothing when the provider cannot cancel a plan", async () => {
    const me = await signedInCustomer(t.app, "delete-provider-down@example.org", nextIp());
    await insertSubscription(t.db, me.id, t.clock.now());
    const spy = spyProvider(t.app);
    spy.cancel.mockRejectedValueOnce(new HttpError(502, "provider_unavailable", "The payment provider did not answer"));
    const res = await me.post("/api/customer/delete-account", { email: me.email });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.statusCode).toBeLessThan(600);
    expect((await row(me.id)).email).toBe(me.email);
    expect((await me.get("/api/customer/settings")).statusCode).toBe(200);
  });
});
