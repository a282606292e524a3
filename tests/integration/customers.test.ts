import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, sessions } from "#server/db/schema.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
const PASSWORD = "a long enough passphrase";

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

async function rowsFor(email: string) {
  return t.db.select().from(customers).where(eq(customers.email, email));
}

async function total(table: typeof customers | typeof sessions) {
  const [row] = await t.db.select({ n: count() }).from(table);
  return row!.n;
}

async function loggedIn(email: string, ip: string) {
  await t.db.insert(customers).values({ email, passwordHash: await hashPassword(PASSWORD) });
  const browser = client(t.app, ip);
  expect((await browser.post("/api/auth/login", { email, password: PASSWORD })).statusCode).toBe(200);
  return browser;
}

describe("POST /api/customer/prepare-cabinet", () => {
  it("creates the customer once, without a password and not onboarded", async () => {
    const before = await total(customers);
    const res = await client(t.app, "203.0.113.101").post("/api/customer/prepare-cabinet", { email: "cabinet-new@example.org" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });
    expect(await total(customers)).toBe(before + 1);
    const [row] = await rowsFor("cabinet-new@example.org");
    expect(row).toMatchObject({ email: "cabinet-new@example.org", passwordHash: null, isOnboarded: false });
  });

  it("is idempotent, also for the same address in another case and with whitespace", async () => {
    const ip = "203.0.113.102";
    const first = await client(t.app, ip).post("/api/customer/prepare-cabinet", { email: "cabinet-twice@example.org" });
    const [created] = await rowsFor("cabinet-twice@example.org");
    const before = await total(customers);
    for (const email of ["cabinet-twice@example.org", "  Cabinet-Twice@EXAMPLE.org\t", "CABINET-TWICE@example.org "]) {
      const again = await client(t.app, ip).post("/api/customer/prepare-cabinet", { email });
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.body).toBe(first.body);
    }
    expect(await total(customers)).toBe(before);
    expect(await rowsFor("cabinet-twice@example.org")).toEqual([created]);
  });

  it("logs nobody in: no Set-Cookie, no session row, and the caller stays anonymous", async () => {
    const browser = client(t.app, "203.0.113.103");
    const sessionsBefore = await total(sessions);
    const res = await browser.post("/api/customer/prepare-cabinet", { email: "cabinet-nologin@example.org" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await total(sessions)).toBe(sessionsBefore);
    expect((await browser.get("/api/auth/customer")).statusCode).toBe(401);
  });

  it("does not switch a logged-in caller to the other account, nor make one: another address is refused (ADR 011)", async () => {
    const browser = await loggedIn("cabinet-caller@example.org", "203.0.113.104");
    const cookie = browser.cookie;
    const res = await browser.post("/api/customer/prepare-cabinet", { email: "cabinet-other@example.org" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("logged_in_as_other");
    expect(await rowsFor("cabinet-other@example.org")).toEqual([]);
    expect((await browser.post("/api/customer/prepare-cabinet", { email: "Cabinet-Caller@example.org" })).statusCode).toBe(200);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(browser.cookie).toBe(cookie);
    expect((await browser.get("/api/auth/customer")).json().data.email).toBe("cabinet-caller@example.org");
  });

  it("answers the same for a new and an existing address, and leaves the existing account as it was", async () => {
    const ip = "203.0.113.105";
    await t.db.insert(customers).values({ email: "cabinet-existing@example.org", passwordHash: await hashPassword(PASSWORD), isOnboarded: true });
    const [before] = await rowsFor("cabinet-existing@example.org");
    const outboxBefore = (await t.outbox()).length;
    const existing = await client(t.app, ip).post("/api/customer/prepare-cabinet", { email: "cabinet-existing@example.org" });
    const fresh = await client(t.app, ip).post("/api/customer/prepare-cabinet", { email: "cabinet-fresh@example.org" });
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(existing.body).toBe(fresh.body);
    expect(Object.keys(existing.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    expect(await rowsFor("cabinet-existing@example.org")).toEqual([before]);
    expect((await client(t.app, ip).post("/api/auth/login", { email: "cabinet-existing@example.org", password: PASSWORD })).statusCode).toBe(200);
    expect((await t.outbox()).length).toBe(outboxBefore);
  });

  it("refuses an invalid address with 400 and creates nothing", async () => {
    const before = await total(customers);
    for (const email of ["not-an-address", "", "a@", "x".repeat(250) + "@example.org"]) {
      const res = await client(t.app, "203.0.113.106").post("/api/customer/prepare-cabinet", { email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().error.issues.map((i: { path: string }) => i.path)).toContain("body.email");
    }
    expect(await total(customers)).toBe(before);
  });

  it("answers 429 with Retry-After after 20 calls from one IP in 15 minutes, creating nothing more; another IP still works", async () => {
    const attacker = client(t.app, "203.0.113.107");
    for (let i = 0; i < 20; i++) {
      expect((await attacker.post("/api/customer/prepare-cabinet", { email: `cabinet-flood-${i}@example.org` })).statusCode).toBe(200);
    }
    const before = await total(customers);
    const blocked = await attacker.post("/api/customer/prepare-cabinet", { email: "cabinet-flood-20@example.org" });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("rate_limited");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(blocked.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    expect(await total(customers)).toBe(before);
    expect(await rowsFor("cabinet-flood-20@example.org")).toHaveLength(0);

    expect((await client(t.app, "203.0.113.108").post("/api/customer/prepare-cabinet", { email: "cabinet-flood-20@example.org" })).statusCode).toBe(200);
    t.clock.advance(15 * 60 + 1);
    expect((await attacker.post("/api/customer/prepare-cabinet", { email: "cabinet-flood-21@example.org" })).statusCode).toBe(200);
  });
});

describe("POST /api/customers/set-onboarded", () => {
  it("needs a session: 401, and nobody is changed", async () => {
    await t.db.insert(customers).values({ email: "onboard-anon@example.org" });
    const res = await client(t.app, "203.0.113.120").post("/api/customers/set-onboarded", {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("unauthorized");
    const onboarded = await t.db.select().from(customers).where(eq(customers.isOnboarded, true));
    expect(onboarded.map((c) => c.email)).not.toContain("onboard-anon@example.org");
  });

  it("needs a live session: a logged-out cookie gets 401", async () => {
    const browser = await loggedIn("onboard-stale@example.org", "203.0.113.121");
    const stale = browser.cookie;
    await browser.post("/api/auth/logout");
    const replay = client(t.app, "203.0.113.121");
    replay.cookie = stale;
    expect((await replay.post("/api/customers/set-onboarded", {})).statusCode).toBe(401);
    expect((await rowsFor("onboard-stale@example.org"))[0]!.isOnboarded).toBe(false);
  });

  it("sets is_onboarded for the caller only, and /api/auth/customer then shows it", async () => {
    const me = await loggedIn("onboard-me@example.org", "203.0.113.122");
    const other = await loggedIn("onboard-other@example.org", "203.0.113.123");
    expect((await me.get("/api/auth/customer")).json().data.is_onboarded).toBe(false);

    const res = await me.post("/api/customers/set-onboarded", {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: "onboard-me@example.org", is_onboarded: true });
    expect((await rowsFor("onboard-me@example.org"))[0]!.isOnboarded).toBe(true);
    const after = await me.get("/api/auth/customer");
    expect(after.json().data).toEqual(res.json().data);

    expect((await other.get("/api/auth/customer")).json().data.is_onboarded).toBe(false);
    expect((await rowsFor("onboard-other@example.org"))[0]!.isOnboarded).toBe(false);

    // Repeating it changes nothing and still answers 200.
    expect((await me.post("/api/customers/set-onboarded", {})).json().data.is_onboarded).toBe(true);
  });

  it("works without a body, as a plain fetch(url, { method: 'POST' }) sends it", async () => {
    const me = await loggedIn("onboard-nobody@example.org", "203.0.113.124");
    const res = await me.post("/api/customers/set-onboarded");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.is_onboarded).toBe(true);
    expect((await me.get("/api/auth/customer")).json().data.is_onboarded).toBe(true);
  });
});
