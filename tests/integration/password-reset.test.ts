import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, sessions } from "#server/db/schema.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { passwordProblem } from "#server/auth/password-policy.ts";
import { client, closeSharedDatabase, createTestApp, linkIn, ORIGIN, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
const PASSWORD = "the original passphrase";

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

async function customerWithPassword(email: string, password = PASSWORD) {
  const [row] = await t.db
    .insert(customers)
    .values({ email, passwordHash: await hashPassword(password) })
    .returning();
  return row!;
}

async function mailsTo(email: string) {
  return (await t.outbox()).filter((m) => m.to.includes(email));
}

/** A browser logged in with a password; fails the test when the login does not work. */
async function loggedIn(email: string, ip: string, password = PASSWORD) {
  const browser = client(t.app, ip);
  const res = await browser.post("/api/auth/login", { email, password });
  expect(res.statusCode).toBe(200);
  expect(browser.cookie).toBeDefined();
  return browser;
}

async function loginStatus(email: string, password: string, ip: string) {
  return (await client(t.app, ip).post("/api/auth/login", { email, password })).statusCode;
}

/** Asks for a reset link and returns the token from the newest e-mail to that address. */
async function resetToken(email: string, ip: string) {
  const res = await client(t.app, ip).post("/api/auth/reset-password", { email });
  expect(res.statusCode).toBe(202);
  return linkIn(await t.outbox(), email, "/reset-password").searchParams.get("token")!;
}

describe("POST /api/auth/reset-password", () => {
  it("answers known and unknown addresses identically with 202 and mails only the known one a /reset-password?token= link", async () => {
    await customerWithPassword("reset-known@example.org");
    const before = (await t.outbox()).length;
    const known = await client(t.app, "198.51.100.11").post("/api/auth/reset-password", { email: "Reset-Known@Example.org " });
    const unknown = await client(t.app, "198.51.100.11").post("/api/auth/reset-password", { email: "reset-ghost@example.org" });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ data: { ok: true } });

    const after = await t.outbox();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.to).toContain("reset-known@example.org");
    expect(after.some((m) => m.to.includes("reset-ghost@example.org"))).toBe(false);
    const link = linkIn(after, "reset-known@example.org", "/reset-password");
    expect(link.origin).toBe(ORIGIN);
    expect(link.pathname).toBe("/reset-password");
    expect(link.searchParams.get("token")).toMatch(/^[\w-]{43}$/);
  });

  it("sends no e-mail for the 4th request for one address within 15 minutes, but still answers 202 (RL-3)", async () => {
    await customerWithPassword("reset-flood@example.org");
    const bodies: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await client(t.app, "198.51.100.12").post("/api/auth/reset-password", { email: "reset-flood@example.org" });
      expect(res.statusCode).toBe(202);
      bodies.push(res.body);
    }
    expect(new Set(bodies).size).toBe(1);
    expect(await mailsTo("reset-flood@example.org")).toHaveLength(3);
    // The limit is a window, not a lockout.
    t.clock.advance(15 * 60 + 1);
    expect((await client(t.app, "198.51.100.12").post("/api/auth/reset-password", { email: "reset-flood@example.org" })).statusCode).toBe(202);
    expect(await mailsTo("reset-flood@example.org")).toHaveLength(4);
  });

  it("answers 429 with Retry-After to the 11th mail request from one IP within 15 minutes, and sends nothing for it", async () => {
    await customerWithPassword("reset-ip-victim@example.org");
    const attacker = client(t.app, "198.51.100.13");
    for (let i = 0; i < 10; i++) {
      expect((await attacker.post("/api/auth/reset-password", { email: `reset-spray-${i}@example.org` })).statusCode).toBe(202);
    }
    const blocked = await attacker.post("/api/auth/reset-password", { email: "reset-ip-victim@example.org" });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("rate_limited");
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await mailsTo("reset-ip-victim@example.org")).toHaveLength(0);
    // Login links share the per-IP mail budget.
    expect((await attacker.post("/api/auth/login-link", { email: "reset-ip-victim@example.org" })).statusCode).toBe(429);
    // Another network is not affected.
    expect((await client(t.app, "198.51.100.14").post("/api/auth/reset-password", { email: "reset-ip-victim@example.org" })).statusCode).toBe(202);
    expect(await mailsTo("reset-ip-victim@example.org")).toHaveLength(1);
  });
});

describe("POST /api/auth/reset-password/confirm", () => {
  it("returns a generated strong password that works at login; the old one stops working; every session ends; a notice is mailed", async () => {
    const email = "reset-confirm@example.org";
    const row = await customerWithPassword(email);
    const laptop = await loggedIn(email, "198.51.100.20");
    const phone = await loggedIn(email, "198.51.100.21");
    const laptopCookie = laptop.cookie;
    const phoneCookie = phone.cookie;
    const token = await resetToken(email, "198.51.100.20");

    const res = await laptop.post("/api/auth/reset-password/confirm", { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(["data"]);
    expect(Object.keys(body.data)).toEqual(["password"]);
    const generated: string = body.data.password;
    expect([...generated].length).toBeGreaterThanOrEqual(20);
    expect(passwordProblem(generated, email)).toBeNull();
    expect(generated).not.toBe(PASSWORD);
    // The reset does not log the browser in; it clears the cookie it came with.
    expect(laptop.cookie).toBeUndefined();

    // Every earlier session is gone, on the server too.
    for (const cookie of [laptopCookie, phoneCookie]) {
      const replay = client(t.app, "198.51.100.22");
      replay.cookie = cookie;
      expect((await replay.get("/api/auth/customer")).statusCode).toBe(401);
    }
    expect(await t.db.select().from(sessions).where(eq(sessions.customerId, row.id))).toHaveLength(0);

    expect(await loginStatus(email, PASSWORD, "198.51.100.23")).toBe(401);
    const fresh = client(t.app, "198.51.100.23");
    const login = await fresh.post("/api/auth/login", { email, password: generated });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.email).toBe(email);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/password was changed/i);
    // The notice carries no secret: neither the new password nor the token.
    expect(mails[1]!.text).not.toContain(generated);
    expect(mails[1]!.text).not.toContain(token);
  });

  it("opening the link (GET, as a mail scanner does) does not use the token", async () => {
    const email = "reset-scanner@example.org";
    await customerWithPassword(email);
    await client(t.app, "198.51.100.29").post("/api/auth/reset-password", { email });
    const link = linkIn(await t.outbox(), email, "/reset-password");
    for (let i = 0; i < 2; i++) {
      const page = await client(t.app, "198.51.100.29").get(`${link.pathname}${link.search}`);
      expect(page.statusCode).toBeLessThan(500);
      expect(page.headers["referrer-policy"]).toBe("no-referrer");
    }
    expect(await loginStatus(email, PASSWORD, "198.51.100.29")).toBe(200);
    const res = await client(t.app, "198.51.100.29").post("/api/auth/reset-password/confirm", { token: link.searchParams.get("token") });
    expect(res.statusCode).toBe(200);
  });

  it("is single use: the second confirm with the same token gets 400 and the password stays as the first confirm set it", async () => {
    const email = "reset-once@example.org";
    await customerWithPassword(email);
    const token = await resetToken(email, "198.51.100.30");
    const first = await client(t.app, "198.51.100.30").post("/api/auth/reset-password/confirm", { token });
    expect(first.statusCode).toBe(200);
    const again = await client(t.app, "198.51.100.30").post("/api/auth/reset-password/confirm", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe("invalid_token");
    expect(again.json().error.message).toMatch(/expired or was already used/);
    expect(await loginStatus(email, first.json().data.password, "198.51.100.31")).toBe(200);
  });

  it("lets exactly one of several simultaneous confirms with one token succeed", async () => {
    const email = "reset-race@example.org";
    await customerWithPassword(email);
    const token = await resetToken(email, "198.51.100.32");
    const results = await Promise.all([1, 2, 3].map(() => client(t.app, "198.51.100.32").post("/api/auth/reset-password/confirm", { token })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const winner = results.find((r) => r.statusCode === 200)!;
    expect(await loginStatus(email, winner.json().data.password, "198.51.100.33")).toBe(200);
  });

  it("works until 60 minutes have passed and refuses the token after, leaving the password unchanged", async () => {
    const early = "reset-ttl-ok@example.org";
    await customerWithPassword(early);
    const okToken = await resetToken(early, "198.51.100.40");
    t.clock.advance(59 * 60);
    expect((await client(t.app, "198.51.100.40").post("/api/auth/reset-password/confirm", { token: okToken })).statusCode).toBe(200);

    const late = "reset-ttl-late@example.org";
    await customerWithPassword(late);
    const lateToken = await resetToken(late, "198.51.100.41");
    t.clock.advance(60 * 60 + 1);
    const res = await client(t.app, "198.51.100.41").post("/api/auth/reset-password/confirm", { token: lateToken });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid_token");
    expect(await loginStatus(late, PASSWORD, "198.51.100.42")).toBe(200);
    expect((await mailsTo(late)).some((m) => /password was changed/i.test(m.subject))).toBe(false);
  });

  it("refuses a login-link token, a newer reset link makes the older one stop working, and an invented token is refused", async () => {
    const email = "reset-purpose@example.org";
    await customerWithPassword(email);
    await client(t.app, "198.51.100.43").post("/api/auth/login-link", { email });
    const loginToken = linkIn(await t.outbox(), email, "tmp_token=").searchParams.get("tmp_token")!;
    const older = await resetToken(email, "198.51.100.43");
    const newer = await resetToken(email, "198.51.100.43");
    const anon = client(t.app, "198.51.100.43");
    expect((await anon.post("/api/auth/reset-password/confirm", { token: loginToken })).statusCode).toBe(400);
    expect((await anon.post("/api/auth/reset-password/confirm", { token: older })).statusCode).toBe(400);
    expect((await anon.post("/api/auth/reset-password/confirm", { token: "A".repeat(43) })).statusCode).toBe(400);
    expect(await loginStatus(email, PASSWORD, "198.51.100.44")).toBe(200);
    expect((await anon.post("/api/auth/reset-password/confirm", { token: newer })).statusCode).toBe(200);
  });
});

describe("POST /api/auth/change-password", () => {
  it("needs a session: 401 without one", async () => {
    const res = await client(t.app, "198.51.100.50").post("/api/auth/change-password", {
      current_password: PASSWORD,
      new_password: "a brand new passphrase",
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("unauthorized");
  });

  it("needs the right current password: 403, and the password does not change", async () => {
    const email = "change-wrong@example.org";
    await customerWithPassword(email);
    const browser = await loggedIn(email, "198.51.100.51");
    const res = await browser.post("/api/auth/change-password", { current_password: "not my password", new_password: "a brand new passphrase" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: "wrong_password", message: "Your current password is not right" });
    expect(await loginStatus(email, "a brand new passphrase", "198.51.100.52")).toBe(401);
    expect(await loginStatus(email, PASSWORD, "198.51.100.52")).toBe(200);
    expect((await browser.get("/api/auth/customer")).statusCode).toBe(200);
  });

  it("rejects a too-short and a common password with 400 and a clear message, changing nothing", async () => {
    const email = "change-weak@example.org";
    await customerWithPassword(email);
    const browser = await loggedIn(email, "198.51.100.53");
    const cases: [string, RegExp][] = [
      ["elevenchars", /at least 12 characters/],
      ["password1234", /too common/],
      ["Password1234", /too common/],
      ["zzzzzzzzzzzzzzzz", /too common/],
      ["change-weak@example.org", /e-mail address/],
    ];
    for (const [new_password, message] of cases) {
      const res = await browser.post("/api/auth/change-password", { current_password: PASSWORD, new_password });
      expect(res.statusCode, new_password).toBe(400);
      expect(res.json().error.code).toBe("weak_password");
      expect(res.json().error.message).toMatch(message);
    }
    expect(await loginStatus(email, PASSWORD, "198.51.100.54")).toBe(200);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("accepts a 100-character passphrase, without truncating it", async () => {
    const email = "change-long@example.org";
    await customerWithPassword(email);
    const browser = await loggedIn(email, "198.51.100.55");
    const long = "Tea kettles sing on Tuesdays while the purple heron counts pebbles by the old mill stream at dusk!!!";
    expect(long).toHaveLength(100);
    const res = await browser.post("/api/auth/change-password", { current_password: PASSWORD, new_password: long });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });
    expect(await loginStatus(email, long, "198.51.100.56")).toBe(200);
    expect(await loginStatus(email, long.slice(0, 72), "198.51.100.56")).toBe(401);
    expect(await loginStatus(email, long.toLowerCase(), "198.51.100.56")).toBe(401);
  });

  it("accepts a 20-character all-lowercase passphrase (no composition rules)", async () => {
    const email = "change-lower@example.org";
    await customerWithPassword(email);
    const browser = await loggedIn(email, "198.51.100.57");
    const res = await browser.post("/api/auth/change-password", { current_password: PASSWORD, new_password: "quietriverstonebirds" });
    expect(res.statusCode).toBe(200);
    expect(await loginStatus(email, "quietriverstonebirds", "198.51.100.58")).toBe(200);
    expect(await loginStatus(email, PASSWORD, "198.51.100.58")).toBe(401);
  });

  it("throttles guessing the current password: the 11th attempt in 15 minutes gets 429 even with the right one", async () => {
    const email = "change-guess@example.org";
    await customerWithPassword(email);
    const thief = await loggedIn(email, "198.51.100.59");
    for (let i = 0; i < 10; i++) {
      expect((await thief.post("/api/auth/change-password", { current_password: `guess ${i}`, new_password: "the thief's passphrase" })).statusCode).toBe(403);
    }
    const blocked = await thief.post("/api/auth/change-password", { current_password: PASSWORD, new_password: "the thief's passphrase" });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(await loginStatus(email, PASSWORD, "198.51.100.59")).toBe(200);
  });

  it("keeps the caller logged in with a new cookie, ends every other session, and mails a notice", async () => {
    const email = "change-sessions@example.org";
    await customerWithPassword(email);
    const me = await loggedIn(email, "198.51.100.60");
    const other = await loggedIn(email, "198.51.100.61");
    const myOldCookie = me.cookie;
    const res = await me.post("/api/auth/change-password", { current_password: PASSWORD, new_password: "a brand new passphrase" });
    expect(res.statusCode).toBe(200);
    expect(me.cookie).toBeDefined();
    expect(me.cookie).not.toBe(myOldCookie);
    const stillMe = await me.get("/api/auth/customer");
    expect(stillMe.statusCode).toBe(200);
    expect(stillMe.json().data.email).toBe(email);
    expect((await other.get("/api/auth/customer")).statusCode).toBe(401);
    const replay = client(t.app, "198.51.100.62");
    replay.cookie = myOldCookie;
    expect((await replay.get("/api/auth/customer")).statusCode).toBe(401);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/password was changed/i);
    expect(mails[0]!.text).not.toContain("a brand new passphrase");
  });
});
