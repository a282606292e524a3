import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers } from "#server/db/schema.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { PAGE_SCRIPTS_LOADER_HASH } from "#server/plugins/page-scripts.ts";
import { client, closeSharedDatabase, createTestApp, ORIGIN, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let prod: TestApp;
const PASSWORD = "a long enough passphrase";
const PROD_ORIGIN = "https://pathwise.app";

beforeAll(async () => {
  t = await createTestApp();
  prod = await createTestApp({ env: { NODE_ENV: "production", APP_ORIGIN: PROD_ORIGIN, SMTP_URL: "smtp://127.0.0.1:1" } });
});
afterAll(async () => {
  await t.close();
  await prod.close();
  await closeSharedDatabase();
});

async function customerWithPassword(email: string) {
  await t.db.insert(customers).values({ email, passwordHash: await hashPassword(PASSWORD) });
}

async function loggedIn(email: string, ip: string) {
  await customerWithPassword(email);
  const browser = client(t.app, ip);
  expect((await browser.post("/api/auth/login", { email, password: PASSWORD })).statusCode).toBe(200);
  return browser;
}

async function customerRow(email: string) {
  const [row] = await t.db.select().from(customers).where(eq(customers.email, email));
  return row;
}

async function loginWorks(email: string, password: string, ip: string) {
  return (await client(t.app, ip).post("/api/auth/login", { email, password })).statusCode === 200;
}

describe("CSRF: Origin and Sec-Fetch-Site", () => {
  // "https://localhost:80" has the request's own Host (localhost:80 under inject) with another scheme:
  // only APP_ORIGIN itself is this site.
  const foreignOrigins = [
    "https://evil.example",
    "http://localhost:3000.evil.example",
    "null",
    "http://localhost:3001",
    "https://localhost:80",
    "https://localhost:3000",
  ];

  it.each(foreignOrigins)("refuses a write from Origin %s with 403 and changes nothing", async (origin) => {
    const slug = origin.replace(/\W+/g, "-");
    const email = `csrf-origin${slug}@example.org`;
    const browser = await loggedIn(email, "192.0.2.10");

    const change = await browser.post("/api/auth/change-password", { current_password: PASSWORD, new_password: "attacker chosen passphrase" }, { origin });
    expect(change.statusCode).toBe(403);
    expect(change.json().error.code).toBe("forbidden_origin");
    expect(await loginWorks(email, PASSWORD, "192.0.2.11")).toBe(true);
    expect(await loginWorks(email, "attacker chosen passphrase", "192.0.2.11")).toBe(false);

    const onboard = await browser.post("/api/customers/set-onboarded", undefined, { origin });
    expect(onboard.statusCode).toBe(403);
    expect((await customerRow(email))!.isOnboarded).toBe(false);

    const out = await browser.post("/api/auth/logout", undefined, { origin });
    expect(out.statusCode).toBe(403);
    expect((await browser.get("/api/auth/customer")).statusCode).toBe(200);

    const created = await client(t.app, "192.0.2.12").post("/api/customer/prepare-cabinet", { email: `new${slug}@example.org` }, { origin });
    expect(created.statusCode).toBe(403);
    expect(await customerRow(`new${slug}@example.org`)).toBeUndefined();
  });

  it("refuses a logged-in write without an Origin header with 403", async () => {
    const email = "csrf-no-origin@example.org";
    const browser = await loggedIn(email, "192.0.2.13");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/customers/set-onboarded",
      remoteAddress: "192.0.2.13",
      headers: { cookie: browser.cookie! },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: "forbidden_origin", message: expect.stringMatching(/Origin/) });
    expect((await customerRow(email))!.isOnboarded).toBe(false);
    // With our Origin the same call works, so the 403 was about the Origin.
    expect((await browser.post("/api/customers/set-onboarded")).statusCode).toBe(200);
  });

  it("guards a percent-encoded path that the router sends to /api (/%61pi/…) the same way", async () => {
    const foreign = await client(t.app, "192.0.2.15").post(
      "/%61pi/customer/prepare-cabinet",
      { email: "csrf-encoded@example.org" },
      { origin: "https://evil.example" },
    );
    expect(foreign.statusCode).toBe(403);
    expect(await customerRow("csrf-encoded@example.org")).toBeUndefined();

    const plainText = await client(t.app, "192.0.2.15").post("/%61pi/customer/prepare-cabinet", JSON.stringify({ email: "csrf-encoded@example.org" }), {
      "content-type": "text/plain",
    });
    expect(plainText.statusCode).toBe(415);

    const browser = await loggedIn("csrf-encoded-session@example.org", "192.0.2.15");
    const noOrigin = await t.app.inject({ method: "POST", url: "/%61pi/auth/logout", remoteAddress: "192.0.2.15", headers: { cookie: browser.cookie! } });
    expect(noOrigin.statusCode).toBe(403);
    expect((await browser.get("/api/auth/customer")).statusCode).toBe(200);
  });

  it("refuses Sec-Fetch-Site: cross-site with 403 even when the Origin looks like ours", async () => {
    const email = "csrf-fetch-site@example.org";
    const browser = await loggedIn(email, "192.0.2.14");
    const res = await browser.post("/api/customers/set-onboarded", undefined, { "sec-fetch-site": "cross-site" });
    expect(res.statusCode).toBe(403);
    expect((await customerRow(email))!.isOnboarded).toBe(false);
    const anon = await client(t.app, "192.0.2.14").post(
      "/api/customer/prepare-cabinet",
      { email: "csrf-fetch-new@example.org" },
      { "sec-fetch-site": "cross-site" },
    );
    expect(anon.statusCode).toBe(403);
    expect(await customerRow("csrf-fetch-new@example.org")).toBeUndefined();
  });
});

describe("CSRF: only JSON bodies", () => {
  const bodies: [string, string][] = [
    ["text/plain", JSON.stringify({ email: "csrf-plain@example.org" })],
    ["text/plain;charset=UTF-8", JSON.stringify({ email: "csrf-plain-utf8@example.org" })],
    ["application/x-www-form-urlencoded", "email=csrf-form%40example.org"],
    ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\ncsrf-multipart@example.org\r\n--x--\r\n'],
  ];

  it.each(bodies)("answers a %s body with 415 and creates nothing", async (type, payload) => {
    const res = await client(t.app, "192.0.2.20").post("/api/customer/prepare-cabinet", payload, { "content-type": type });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("unsupported_media_type");
    const email = type.startsWith("multipart") ? "csrf-multipart@example.org" : decodeURIComponent(payload.match(/csrf-[\w-]+(%40|@)example\.org/)![0]);
    expect(await customerRow(email)).toBeUndefined();
  });

  it("answers a logged-in text/plain write with 415 and changes nothing", async () => {
    const email = "csrf-plain-logged-in@example.org";
    const browser = await loggedIn(email, "192.0.2.21");
    const res = await browser.post("/api/auth/change-password", JSON.stringify({ current_password: PASSWORD, new_password: "attacker chosen passphrase" }), {
      "content-type": "text/plain",
    });
    expect(res.statusCode).toBe(415);
    expect(await loginWorks(email, PASSWORD, "192.0.2.22")).toBe(true);
  });
});

describe("writes are never GETs", () => {
  it.each(["/api/auth/logout", "/api/customers/set-onboarded", "/api/auth/reset-password", "/api/customer/prepare-cabinet"])(
    "GET %s answers 404 and changes nothing",
    async (url) => {
      const email = `csrf-get${url.replace(/\W+/g, "-")}@example.org`;
      const browser = await loggedIn(email, "192.0.2.30");
      const res = await browser.get(`${url}?email=${encodeURIComponent(email)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("not_found");
      expect((await browser.get("/api/auth/customer")).json().data).toMatchObject({ email, is_onboarded: false });
      expect(await t.outbox().then((m) => m.filter((x) => x.to.includes(email)))).toHaveLength(0);
    },
  );
});

describe("response headers", () => {
  it.each(["/api/health", "/login", "/"])("%s has a strict CSP, nosniff and a Referrer-Policy, and no HSTS outside production", async (url) => {
    const res = await client(t.app).get(url);
    expect(res.statusCode).toBeLessThan(500);
    const csp = String(res.headers["content-security-policy"]);
    const directives = new Map(
      csp
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(" ")]),
    );
    expect(directives.get("object-src")).toBe("'none'");
    expect(directives.get("base-uri")).toBe("'none'");
    expect(directives.get("frame-ancestors")).toBe("'none'");
    expect(directives.get("default-src")).toBe("'self'");
    // Beside the site's own files, only the inline loader of a rendered page's scripts (its hash).
    expect(directives.get("script-src")).toBe(`'self' ${PAGE_SCRIPTS_LOADER_HASH}`);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toMatch(/^(no-referrer|strict-origin|strict-origin-when-cross-origin|same-origin)$/);
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    // The rest of helmet's defaults: no framing, no cross-origin window or resource sharing.
    expect(res.headers).toMatchObject({
      "x-frame-options": "SAMEORIGIN",
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      "origin-agent-cluster": "?1",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-permitted-cross-domain-policies": "none",
      "x-xss-protection": "0",
    });
    expect(res.headers["cross-origin-embedder-policy"]).toBeUndefined();
  });

  it("marks every answer to a logged-in customer no-store, and API answers without their own caching too", async () => {
    const browser = await loggedIn("cache-control@example.org", "192.0.2.60");
    for (const url of ["/api/auth/customer", "/api/info-data-catalog/list", "/api/customer/paid-content", "/api/health"]) {
      const res = await browser.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("private, no-store");
    }
    const anonymous = client(t.app, "192.0.2.61");
    expect((await anonymous.get("/api/health")).headers["cache-control"]).toBe("no-store");
    // Shared, non-personal answers keep their own caching for visitors who are not logged in.
    expect((await anonymous.get("/api/info-data-catalog/list")).headers["cache-control"]).toBe("public, max-age=60");
  });

  it("names exactly the configured Sentry and tag-manager hosts in the CSP, and none when they are not configured", async () => {
    const directivesOf = (csp: string) =>
      new Map(
        csp
          .split(";")
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
    const plain = directivesOf(String((await client(t.app).get("/")).headers["content-security-policy"]));
    expect(plain.get("connect-src")).toEqual(["'self'"]);
    expect(plain.get("script-src")).toEqual(["'self'", PAGE_SCRIPTS_LOADER_HASH]);
    expect(plain.has("worker-src")).toBe(false);

    const monitored = await createTestApp({ env: { VITE_SENTRY_DSN: "https://abc123@o4501.ingest.sentry.io/4502", VITE_GTM_ID: "GTM-AB12CD3" } });
    try {
      const csp = directivesOf(String((await client(monitored.app).get("/")).headers["content-security-policy"]));
      expect(csp.get("script-src")).toEqual(["'self'", PAGE_SCRIPTS_LOADER_HASH, "https://www.googletagmanager.com"]);
      expect(csp.get("connect-src")).toEqual([
        "'self'",
        "https://o4501.ingest.sentry.io",
        "https://www.googletagmanager.com",
        "https://*.google-analytics.com",
        "https://*.analytics.google.com",
      ]);
      expect(csp.get("img-src")).toEqual(["'self'", "data:", "https://www.googletagmanager.com", "https://*.google-analytics.com"]);
      expect(csp.get("worker-src")).toEqual(["'self'", "blob:"]);
      expect(csp.get("default-src")).toEqual(["'self'"]);
    } finally {
      await monitored.close();
    }
    const { readEnv } = await import("#server/env.ts");
    expect(readEnv({ VITE_GTM_ID: "<script>" }).ok).toBe(false);
    expect(readEnv({ VITE_SENTRY_DSN: "http://abc@sentry.example/1" }).ok).toBe(false);
  });

  it("sends Referrer-Policy: no-referrer on the pages whose URL carries a token", async () => {
    for (const url of [
      "/login?email=a%40example.org&tmp_token=abcdefghijklmnopqrstuvwxyz",
      "/reset-password?token=abcdefghijklmnopqrstuvwxyz",
      "/login",
      "/reset-password",
    ]) {
      expect((await client(t.app).get(url)).headers["referrer-policy"], url).toBe("no-referrer");
    }
    expect((await client(t.app).get("/api/health")).headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("sends HSTS for a year in production", async () => {
    for (const url of ["/api/health", "/login"]) {
      const res = await client(prod.app).get(url, { origin: PROD_ORIGIN });
      expect(res.headers["strict-transport-security"], url).toMatch(/max-age=31536000/);
      expect(res.headers["strict-transport-security"], url).toMatch(/includeSubDomains/);
      expect(String(res.headers["content-security-policy"])).toMatch(/object-src 'none'/);
    }
  });

  it("returns an x-request-id, echoes a valid incoming one and replaces an invalid one", async () => {
    const plain = await client(t.app).get("/api/health");
    expect(plain.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect((await client(t.app).get("/api/health")).headers["x-request-id"]).not.toBe(plain.headers["x-request-id"]);
    const echoed = await client(t.app).get("/api/health", { "x-request-id": "trace_1234-abcd" });
    expect(echoed.headers["x-request-id"]).toBe("trace_1234-abcd");
    for (const bad of ["short", "has spaces in it", "<script>alert(1)</script>", "x".repeat(65)]) {
      const res = await client(t.app).get("/api/health", { "x-request-id": bad });
      expect(res.headers["x-request-id"], bad).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Errors carry it too.
    expect((await client(t.app).get("/api/nothing-here", { "x-request-id": "trace_5678-efgh" })).headers["x-request-id"]).toBe("trace_5678-efgh");
  });
});

describe("production session cookie", () => {
  it("is __Host-sid with Secure, HttpOnly, SameSite=Lax, Path=/, a Max-Age and no Domain, and it works", async () => {
    await prod.db.insert(customers).values({ email: "prod-cookie@example.org", passwordHash: await hashPassword(PASSWORD) });
    const browser = client(prod.app, "192.0.2.40");
    const res = await browser.post("/api/auth/login", { email: "prod-cookie@example.org", password: PASSWORD }, { origin: PROD_ORIGIN });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.map((c) => c.name)).toEqual(["__Host-sid"]);
    const cookie = res.cookies[0]!;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie.domain).toBeUndefined();
    expect(cookie.maxAge).toBe(30 * 86400);
    const raw = String(res.headers["set-cookie"]);
    expect(raw).not.toMatch(/domain=/i);
    expect((await browser.get("/api/auth/customer", { origin: PROD_ORIGIN })).json().data.email).toBe("prod-cookie@example.org");
    // The development cookie name is not accepted in production.
    const devName = client(prod.app, "192.0.2.40");
    devName.cookie = `sid=${cookie.value}`;
    expect((await devName.get("/api/auth/customer")).statusCode).toBe(401);
  });

  it("refuses the development origin in production", async () => {
    const res = await client(prod.app, "192.0.2.41").post("/api/customer/prepare-cabinet", { email: "prod-dev-origin@example.org" }, { origin: ORIGIN });
    expect(res.statusCode).toBe(403);
    expect(await customerRow("prod-dev-origin@example.org")).toBeUndefined();
  });

  it("has no development outbox (which the development app has)", async () => {
    expect((await client(t.app).get("/dev/mail")).body).toMatch(/<h1>Outbox<\/h1>/);
    expect((await client(prod.app).get("/dev/mail")).body).not.toMatch(/Outbox/);
  });
});

describe("CORS", () => {
  it("gives a preflight from a foreign origin no Access-Control-Allow-Origin", async () => {
    const res = await t.app.inject({
      method: "OPTIONS",
      url: "/api/auth/change-password",
      headers: {
        origin: "https://evil.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
    expect(res.headers["access-control-allow-methods"]).toBeUndefined();
  });

  it("gives a credentialed cross-origin GET no Access-Control-Allow-Origin, so the page cannot read the customer", async () => {
    const browser = await loggedIn("cors-read@example.org", "192.0.2.50");
    const res = await browser.get("/api/auth/customer", { origin: "https://evil.example" });
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
