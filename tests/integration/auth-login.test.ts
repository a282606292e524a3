import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, sessions } from "#server/db/schema.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { hashSecretToken } from "#server/platform/secret-token.ts";
import { client, closeSharedDatabase, createTestApp, linkIn, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
const PASSWORD = "a long enough passphrase";

async function customerWithPassword(email: string) {
  await t.db.insert(customers).values({ email, passwordHash: await hashPassword(PASSWORD) });
}

async function loginLinkToken(email: string, ip?: string) {
  const res = await client(t.app, ip).post("/api/auth/login-link", { email });
  expect(res.statusCode).toBe(202);
  return linkIn(await t.outbox(), email, "tmp_token=").searchParams.get("tmp_token")!;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

describe("POST /api/auth/login with a password", () => {
  it("logs in, sets an HttpOnly SameSite=Lax session cookie and GET /auth/customer returns the customer", async () => {
    await customerWithPassword("ada@example.org");
    const browser = client(t.app);
    const res = await browser.post("/api/auth/login", { email: "Ada@Example.org ", password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: "ada@example.org", is_onboarded: false });
    const cookie = res.cookies.find((c) => c.name === "sid")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    const me = await browser.get("/api/auth/customer");
    expect(me.json()).toEqual({ data: res.json().data });
  });

  it("stores only a hash of the session token", async () => {
    const browser = client(t.app);
    await browser.post("/api/auth/login", { email: "ada@example.org", password: PASSWORD });
    const token = browser.cookie!.split("=")[1]!;
    const rows = await t.db.select().from(sessions);
    expect(rows.some((r) => r.idHash === token)).toBe(false);
    expect(rows.some((r) => r.idHash === hashSecretToken(token))).toBe(true);
  });

  it("answers a wrong password and an unknown address identically", async () => {
    const wrong = await client(t.app, "198.51.100.1").post("/api/auth/login", { email: "ada@example.org", password: "not the password" });
    const unknown = await client(t.app, "198.51.100.1").post("/api/auth/login", { email: "nobody@example.org", password: "not the password" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it("says 'No password or token provided' when neither is sent", async () => {
    const res = await client(t.app).post("/api/auth/login", { email: "ada@example.org" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("No password or token provided");
  });

  it("rotates the session at login: the cookie the browser had before stops working", async () => {
    const browser = client(t.app);
    await browser.post("/api/auth/login", { email: "ada@example.org", password: PASSWORD });
    const before = browser.cookie;
    await browser.post("/api/auth/login", { email: "ada@example.org", password: PASSWORD });
    expect(browser.cookie).not.toBe(before);
    const stale = client(t.app);
    stale.cookie = before;
    expect((await stale.get("/api/auth/customer")).statusCode).toBe(401);
    expect((await browser.get("/api/auth/customer")).statusCode).toBe(200);
  });

  it("logout deletes the session on the server: replaying the old cookie gives 401", async () => {
    const browser = client(t.app);
    await browser.post("/api/auth/login", { email: "ada@example.org", password: PASSWORD });
    const old = browser.cookie;
    const out = await browser.post("/api/auth/logout");
    expect(out.statusCode).toBe(200);
    expect(browser.cookie).toBeUndefined();
    const replay = client(t.app);
    replay.cookie = old;
    expect((await replay.get("/api/auth/customer")).statusCode).toBe(401);
  });

  it("logout without a session still succeeds, so the browser can always clear its state", async () => {
    expect((await client(t.app).post("/api/auth/logout")).statusCode).toBe(200);
  });

  it("ignores a session id sent in the query string", async () => {
    const browser = client(t.app);
    await browser.post("/api/auth/login", { email: "ada@example.org", password: PASSWORD });
    const raw = browser.cookie!.split("=")[1]!;
    expect((await client(t.app).get(`/api/auth/customer?sid=${raw}`)).statusCode).toBe(401);
  });

  it("expires a session after 30 idle days and slides it while it is used", async () => {
    const browser = client(t.app);
    await browser.post("/api/auth/login", { email: "ada@example.org", password: PASSWORD });
    t.clock.advance(20 * 86400);
    expect((await browser.get("/api/auth/customer")).statusCode).toBe(200); // slides to day 50
    t.clock.advance(25 * 86400);
    expect((await browser.get("/api/auth/customer")).statusCode).toBe(200);
    t.clock.advance(31 * 86400);
    expect((await browser.get("/api/auth/customer")).statusCode).toBe(401);
  });
});

describe("POST /api/auth/login with a token from a login link", () => {
  it("logs in once with the token from the e-mail; the second use is refused", async () => {
    await t.db.insert(customers).values({ email: "grace@example.org" });
    const token = await loginLinkToken("grace@example.org");
    const first = await client(t.app).post("/api/auth/login", { email: "grace@example.org", tmp_token: token });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.email).toBe("grace@example.org");
    const again = await client(t.app).post("/api/auth/login", { email: "grace@example.org", tmp_token: token });
    expect(again.statusCode).toBe(401);
  });

  it("lets exactly one of two simultaneous uses of the same token succeed", async () => {
    const token = await loginLinkToken("grace@example.org", "203.0.113.77");
    const results = await Promise.all([1, 2, 3].map(() => client(t.app).post("/api/auth/login", { email: "grace@example.org", tmp_token: token })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it("refuses a token after its 10 minutes", async () => {
    const token = await loginLinkToken("grace@example.org", "203.0.113.78");
    t.clock.advance(10 * 60 + 1);
    expect((await client(t.app).post("/api/auth/login", { email: "grace@example.org", tmp_token: token })).statusCode).toBe(401);
  });

  it("refuses a token for another address, and a password-reset token", async () => {
    await t.db.insert(customers).values({ email: "alan@example.org" });
    const token = await loginLinkToken("grace@example.org", "203.0.113.79");
    expect((await client(t.app).post("/api/auth/login", { email: "alan@example.org", tmp_token: token })).statusCode).toBe(401);
    await client(t.app, "203.0.113.79").post("/api/auth/reset-password", { email: "alan@example.org" });
    const reset = linkIn(await t.outbox(), "alan@example.org", "reset-password").searchParams.get("token")!;
    expect((await client(t.app).post("/api/auth/login", { email: "alan@example.org", tmp_token: reset })).statusCode).toBe(401);
  });

  it("a newer link makes the older one stop working", async () => {
    t.clock.advance(16 * 60); // a new window for the per-address mail limit
    const older = await loginLinkToken("grace@example.org", "203.0.113.80");
    const newer = await loginLinkToken("grace@example.org", "203.0.113.80");
    expect((await client(t.app).post("/api/auth/login", { email: "grace@example.org", tmp_token: older })).statusCode).toBe(401);
    expect((await client(t.app).post("/api/auth/login", { email: "grace@example.org", tmp_token: newer })).statusCode).toBe(200);
  });

  it("answers a login-link request for an unknown address exactly as for a known one, and sends nothing", async () => {
    t.clock.advance(16 * 60);
    const before = (await t.outbox()).length;
    const unknown = await client(t.app, "203.0.113.81").post("/api/auth/login-link", { email: "ghost@example.org" });
    const known = await client(t.app, "203.0.113.81").post("/api/auth/login-link", { email: "grace@example.org" });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const after = await t.outbox();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)!.to).toContain("grace@example.org");
  });
});

describe("login throttling", () => {
  it("answers 429 with Retry-After after 10 failed attempts for one account from one IP, and lets the right password in after the window", async () => {
    await customerWithPassword("throttled@example.org");
    const attacker = client(t.app, "192.0.2.50");
    for (let i = 0; i < 10; i++) {
      expect((await attacker.post("/api/auth/login", { email: "throttled@example.org", password: `guess ${i}` })).statusCode).toBe(401);
    }
    const blocked = await attacker.post("/api/auth/login", { email: "throttled@example.org", password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // The owner on another network is not locked out by the attacker.
    expect((await client(t.app, "192.0.2.99").post("/api/auth/login", { email: "throttled@example.org", password: PASSWORD })).statusCode).toBe(200);
    t.clock.advance(15 * 60 + 1);
    expect((await attacker.post("/api/auth/login", { email: "throttled@example.org", password: PASSWORD })).statusCode).toBe(200);
  });
});

describe("login throttling across addresses", () => {
  it("slows password guesses on one account from many addresses, while the e-mailed link still logs the owner in", async () => {
    await customerWithPassword("targeted@example.org");
    let refused = 0;
    for (let i = 0; i < 60; i++) {
      const res = await client(t.app, `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`).post("/api/auth/login", {
        email: "targeted@example.org",
        password: `guess ${i}`,
      });
      expect([401, 429]).toContain(res.statusCode);
      if (res.statusCode === 429) refused++;
    }
    expect(refused).toBe(40);
    const owner = client(t.app, "192.0.2.123");
    const paused = await owner.post("/api/auth/login", { email: "targeted@example.org", password: PASSWORD });
    expect(paused.statusCode).toBe(429);
    expect(paused.json().error.message).toMatch(/login link/);
    expect(Number(paused.headers["retry-after"])).toBeGreaterThan(0);
    // The link is not a password: it still works, so the guesses cannot lock the owner out.
    const token = await loginLinkToken("targeted@example.org", "192.0.2.124");
    expect((await owner.post("/api/auth/login", { email: "targeted@example.org", tmp_token: token })).statusCode).toBe(200);
    t.clock.advance(60 * 60 + 1);
    expect((await client(t.app, "192.0.2.125").post("/api/auth/login", { email: "targeted@example.org", password: PASSWORD })).statusCode).toBe(200);
  });
});

describe("the client's address behind proxies (TRUST_PROXY)", () => {
  it("takes the address the trusted proxy saw, not the left-most X-Forwarded-For entry the client wrote", async () => {
    const behind = await createTestApp({ env: { TRUST_PROXY: "1" } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await behind.app.inject({
          method: "POST",
          url: "/api/auth/login",
          remoteAddress: "10.0.0.2",
          headers: { origin: behind.origin, "content-type": "application/json", "x-forwarded-for": `203.0.113.${i + 1}, 198.51.100.77` },
          payload: { email: `nobody${i}@example.org`, password: "a wrong password" },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await behind.close();
    }
  });

  it("refuses TRUST_PROXY=true and names what to give instead; accepts a count or addresses", async () => {
    const { readEnv } = await import("#server/env.ts");
    const refused = readEnv({ TRUST_PROXY: "true" });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.problems.join()).toMatch(/TRUST_PROXY: must be false, the number of proxies/);
    expect(readEnv({ TRUST_PROXY: "10.0.0.0/8,127.0.0.1" })).toMatchObject({ ok: true, env: { TRUST_PROXY: ["10.0.0.0/8", "127.0.0.1"] } });
    expect(readEnv({ TRUST_PROXY: "2" })).toMatchObject({ ok: true, env: { TRUST_PROXY: 2 } });
    expect(readEnv({ TRUST_PROXY: "10.0.0.300" }).ok).toBe(false);
    expect(readEnv({})).toMatchObject({ ok: true, env: { TRUST_PROXY: false } });
  });
});

describe("the stored customer", () => {
  it("hashes passwords with Argon2id (m=19 MiB, t=2, p=1)", async () => {
    const [row] = await t.db.select().from(customers).where(eq(customers.email, "ada@example.org"));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
