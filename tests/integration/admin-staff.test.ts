import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers } from "#server/db/schema.ts";
import { deliver, maxPay, paymentFor } from "../helpers/payments.ts";
import { takeFlow } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, createTestApp, linkIn, type TestApp } from "../helpers/test-app.ts";

/** The staff role (ADR 037): one guard for /api/admin, staff made and unmade by the operator's tool. */
let t: TestApp;
const OPERATOR = "an-operator-token-of-at-least-thirty-two-characters";

/**
 * Logs `email` in with the link in its latest mail of the given kind. The kind matters: a buyer's
 * receipt also carries a login link, and the mail sender may deliver it after the invitation.
 */
async function loggedIn(email: string, mail: "invitation" | "login link" = "invitation") {
  const browser = client(t.app, "198.51.100.20");
  const subject = mail === "invitation" ? /growth console/i : /login link/i;
  const link = linkIn(
    (await t.outbox()).filter((m) => subject.test(m.subject)),
    email,
    "tmp_token=",
  );
  const res = await browser.post("/api/auth/login", { email, tmp_token: link.searchParams.get("tmp_token") });
  expect(res.statusCode).toBe(200);
  return { browser, me: res.json().data as { is_staff: boolean } };
}

const roleOf = async (email: string) => (await t.db.select({ role: customers.role }).from(customers).where(eq(customers.email, email)))[0]?.role;

/** Someone who typed `address` in a fresh browser and paid for a quiz: the order page logs them in (the first-buyer login). */
async function paidAsFirstBuyer(address: string) {
  const browser = client(t.app, "198.51.100.30", t.origin);
  const sessionId = await takeFlow(t, browser, "career_test_green", address);
  const started = await browser.post("/api/checkout/start", { product_id: "month_1", session_id: sessionId, currency: "USD" });
  const orderId = started.json<{ data: { order_id: string } }>().data.order_id;
  expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
  expect((await browser.get(`/api/orders/${orderId}`)).json().data.logged_in).toBe(true);
  return browser;
}

const operator = (method: "GET" | "POST" | "DELETE", url: string, payload?: object, token = OPERATOR) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  t = await createTestApp({ operatorToken: OPERATOR });
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

describe("/api/admin is for staff only", () => {
  it("refuses an anonymous visitor with 401 and a customer with 403, before looking at the request", async () => {
    const anonymous = await client(t.app).get("/api/admin/staff");
    expect(anonymous.statusCode).toBe(401);

    await client(t.app).post("/api/customer/prepare-cabinet", { email: "customer@example.org" });
    await client(t.app).post("/api/auth/login-link", { email: "customer@example.org" });
    const { browser, me } = await loggedIn("customer@example.org", "login link");
    expect(me.is_staff).toBe(false);
    const refused = await browser.get("/api/admin/staff");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("staff_only");
    // A malformed body gets the same 403, not a 400 that would describe the staff call to a customer.
    const malformed = await browser.post("/api/admin/staff", { email: 42 });
    expect(malformed.statusCode).toBe(403);
    expect(await t.db.select().from(customers).where(eq(customers.role, "staff"))).toHaveLength(0);
  });

  it("refuses a wrong operator token and an operator token when the app was given none", async () => {
    expect((await operator("GET", "/api/admin/staff", undefined, "x".repeat(51))).statusCode).toBe(401);
    const noToken = await createTestApp();
    try {
      const res = await noToken.app.inject({ method: "GET", url: "/api/admin/staff", headers: { authorization: "Bearer " } });
      expect(res.statusCode).toBe(401);
    } finally {
      await noToken.close();
    }
  });
});

describe("staff accounts", () => {
  it("adding an address e-mails it an invitation; the role starts when its link is used, and the console opens", async () => {
    const added = await operator("POST", "/api/admin/staff", { email: " Lead@Example.org " });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toEqual({ email: "lead@example.org", existed: false, console: `${t.origin}/admin` });
    const mail = (await t.outbox()).filter((m) => m.to.includes("lead@example.org"));
    expect(mail.at(-1)?.subject).toMatch(/growth console/i);
    expect(await roleOf("lead@example.org")).toBe("customer");

    const { browser, me } = await loggedIn("lead@example.org");
    expect(me.is_staff).toBe(true);
    const list = await browser.get("/api/admin/staff");
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((m: { email: string }) => m.email)).toEqual(["lead@example.org"]);
    expect(list.headers["cache-control"]).toContain("no-store");
  });

  it("an existing customer is not staff until the invitation is used; then only that browser is, and their purchases stay theirs", async () => {
    const before = await t.db.select().from(customers).where(eq(customers.email, "customer@example.org"));
    const earlier = client(t.app, "198.51.100.21");
    earlier.cookie = `sid=${(await t.app.services.sessions.create(before[0]!.id)).token}`;
    const res = await operator("POST", "/api/admin/staff", { email: "customer@example.org" });
    expect(res.json().data).toMatchObject({ email: "customer@example.org", existed: true });
    expect(await roleOf("customer@example.org")).toBe("customer");
    expect((await earlier.get("/api/admin/staff")).statusCode).toBe(403);

    const { browser, me } = await loggedIn("customer@example.org");
    expect(me.is_staff).toBe(true);
    expect((await browser.get("/api/admin/staff")).statusCode).toBe(200);
    // The session from before the invitation ended: it never carries the role.
    expect((await earlier.get("/api/admin/staff")).statusCode).toBe(401);
    const after = await t.db.select().from(customers).where(eq(customers.email, "customer@example.org"));
    expect(after.map((c) => [c.id, c.role])).toEqual([[before[0]!.id, "staff"]]);
  });

  it("a session nobody proved the inbox for never becomes staff (pre-account hijacking)", async () => {
    const address = "future-lead@example.org";
    const attacker = await paidAsFirstBuyer(address);
    expect((await operator("POST", "/api/admin/staff", { email: address })).json().data.existed).toBe(true);
    expect((await attacker.get("/api/admin/staff")).statusCode).toBe(401);
    // The real owner accepts: the attacker's session is over, and it could not make staff either.
    const { browser } = await loggedIn(address);
    expect((await browser.get("/api/admin/staff")).statusCode).toBe(200);
    expect((await attacker.get("/api/admin/staff")).statusCode).toBe(401);
    expect((await attacker.post("/api/admin/staff", { email: "accomplice@example.org" })).statusCode).toBe(401);
    expect(await t.db.select().from(customers).where(eq(customers.email, "accomplice@example.org"))).toHaveLength(0);
  });

  it("a staff session cannot add or remove staff: only the operator's tool can", async () => {
    await operator("POST", "/api/admin/staff", { email: "member@example.org" });
    const { browser } = await loggedIn("member@example.org");
    const add = await browser.post("/api/admin/staff", { email: "friend@example.org" });
    expect(add.statusCode).toBe(403);
    expect(add.json().error.code).toBe("operator_only");
    expect(await t.db.select().from(customers).where(eq(customers.email, "friend@example.org"))).toHaveLength(0);
    const remove = await t.app.inject({
      method: "DELETE",
      url: "/api/admin/staff",
      payload: { email: "lead@example.org" },
      headers: { cookie: browser.cookie!, origin: t.origin },
    });
    expect(remove.statusCode).toBe(403);
    expect(await roleOf("lead@example.org")).toBe("staff");
  });

  it("removing an address before it used its invitation withdraws the invitation", async () => {
    await operator("POST", "/api/admin/staff", { email: "changed-mind@example.org" });
    const removed = await operator("DELETE", "/api/admin/staff", { email: "changed-mind@example.org" });
    expect(removed.json().data).toEqual({ email: "changed-mind@example.org", removed: true });
    const browser = client(t.app, "198.51.100.22");
    const link = linkIn(await t.outbox(), "changed-mind@example.org", "tmp_token=");
    const res = await browser.post("/api/auth/login", { email: "changed-mind@example.org", tmp_token: link.searchParams.get("tmp_token") });
    expect(res.statusCode).toBe(401);
    expect(await roleOf("changed-mind@example.org")).toBe("customer");
  });

  it("removing staff closes the console at once: the member's sessions end", async () => {
    await operator("POST", "/api/admin/staff", { email: "leaving@example.org" });
    const { browser } = await loggedIn("leaving@example.org");
    expect((await browser.get("/api/admin/staff")).statusCode).toBe(200);

    const removed = await operator("DELETE", "/api/admin/staff", { email: "leaving@example.org" });
    expect(removed.json().data).toEqual({ email: "leaving@example.org", removed: true });
    expect((await browser.get("/api/admin/staff")).statusCode).toBe(401);
    const [row] = await t.db.select().from(customers).where(eq(customers.email, "leaving@example.org"));
    expect(row?.role).toBe("customer");

    const again = await operator("DELETE", "/api/admin/staff", { email: "leaving@example.org" });
    expect(again.json().data.removed).toBe(false);
  });

  it("refuses an address that is not one with 400 and changes nothing", async () => {
    const res = await operator("POST", "/api/admin/staff", { email: "not an address" });
    expect(res.statusCode).toBe(400);
    expect(await t.db.select().from(customers).where(eq(customers.email, "not an address"))).toHaveLength(0);
  });
});
