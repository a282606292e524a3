import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

let t: TestApp;
let hooked: TestApp;
let failing: TestApp;
let unreachable: TestApp;
let webhook: Server;
const received: Received[] = [];

/** A real chat webhook stand-in: /ok answers 200, /fail answers 500; every request is recorded. */
async function startWebhook(): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.statusCode = req.url === "/fail" ? 500 : 200;
      res.end(req.url === "/fail" ? "internal error" : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

/** A port that was just free and is now closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  webhook = await startWebhook();
  const { port } = webhook.address() as AddressInfo;
  t = await createTestApp();
  hooked = await createTestApp({ env: { LOG_WEBHOOK_URL: `http://127.0.0.1:${port}/ok` } });
  failing = await createTestApp({ env: { LOG_WEBHOOK_URL: `http://127.0.0.1:${port}/fail` } });
  unreachable = await createTestApp({ env: { LOG_WEBHOOK_URL: `http://127.0.0.1:${await closedPort()}/hook` } });
});
afterAll(async () => {
  for (const app of [t, hooked, failing, unreachable]) await app?.close();
  await new Promise<void>((resolve) => webhook.close(() => resolve()));
  await closeSharedDatabase();
});
beforeEach(() => {
  received.length = 0;
});

describe("POST /api/log", () => {
  it.each(["debug", "info", "warn", "error"])("accepts level %s with 202", async (level) => {
    const res = await client(t.app, "198.18.0.1").post("/api/log", { message: `a ${level} message`, level });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { ok: true } });
  });

  it.each([["fatal"], ["trace"], ["INFO"], [""], [null], [1]])("refuses level %j with 400 naming body.level", async (level) => {
    const res = await client(t.app, "198.18.0.2").post("/api/log", { message: "hello", level });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid_request");
    expect(res.json().error.issues.map((i: { path: string }) => i.path)).toContain("body.level");
  });

  it("accepts a message of 2000 characters and refuses 2001, or an empty one, with 400", async () => {
    const ip = "198.18.0.3";
    expect((await client(t.app, ip).post("/api/log", { message: "x".repeat(2000), level: "info" })).statusCode).toBe(202);
    for (const message of ["x".repeat(2001), "y".repeat(100_000 / 2), "", "   "]) {
      const res = await client(t.app, ip).post("/api/log", { message, level: "info" });
      expect(res.statusCode, `${message.length} characters`).toBe(400);
      expect(res.json().error.issues.map((i: { path: string }) => i.path)).toContain("body.message");
    }
  });

  it("answers 429 with Retry-After to the 31st message in a minute from one IP; other IPs and the next minute are fine", async () => {
    const noisy = client(t.app, "198.18.0.4");
    for (let i = 0; i < 30; i++) {
      expect((await noisy.post("/api/log", { message: `message ${i}`, level: "info" })).statusCode).toBe(202);
    }
    const blocked = await noisy.post("/api/log", { message: "one too many", level: "info" });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("rate_limited");
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await client(t.app, "198.18.0.5").post("/api/log", { message: "someone else", level: "info" })).statusCode).toBe(202);
    t.clock.advance(61);
    expect((await noisy.post("/api/log", { message: "a new minute", level: "info" })).statusCode).toBe(202);
  });
});

describe("forwarding to LOG_WEBHOOK_URL", () => {
  it("posts the level and the message as JSON { text } to the webhook, with the request id", async () => {
    const res = await client(hooked.app, "198.18.0.10").post("/api/log", { message: "checkout button did nothing", level: "warn" });
    expect(res.statusCode).toBe(202);
    expect(received).toHaveLength(1);
    const [hit] = received;
    expect(hit!.method).toBe("POST");
    expect(hit!.url).toBe("/ok");
    expect(hit!.headers["content-type"]).toMatch(/^application\/json/);
    const body = JSON.parse(hit!.body);
    expect(Object.keys(body)).toEqual(["text"]);
    expect(body.text).toContain("warn");
    expect(body.text).toContain("checkout button did nothing");
    expect(body.text).toContain(String(res.headers["x-request-id"]));
  });

  it("escapes <, > and & so a message cannot make a link or a mention, and neutralises backticks", async () => {
    const message = "Click <http://evil.example|your invoice> & <!channel> ``` now `run this` ```";
    const res = await client(hooked.app, "198.18.0.11").post("/api/log", { message, level: "error" });
    expect(res.statusCode).toBe(202);
    expect(received).toHaveLength(1);
    const { text } = JSON.parse(received[0]!.body) as { text: string };
    expect(text).toContain("error");
    expect(text).toContain("&lt;http://evil.example|your invoice&gt;");
    expect(text).toContain(" &amp; ");
    expect(text).toContain("&lt;!channel&gt;");
    expect(text).not.toMatch(/[<>]/);
    expect(text).not.toMatch(/&(?!amp;|lt;|gt;)/);
    // Only the server's own code fence remains: the message cannot close it and add formatting.
    expect(text.match(/`/g)).toHaveLength(6);
    expect(text).toMatch(/```[^`]*```$/);
  });

  it("does not forward a refused message", async () => {
    expect((await client(hooked.app, "198.18.0.12").post("/api/log", { message: "<b>", level: "fatal" })).statusCode).toBe(400);
    expect(received).toHaveLength(0);
  });

  it("still answers 202 when the webhook answers 500", async () => {
    const res = await client(failing.app, "198.18.0.13").post("/api/log", { message: "webhook is down", level: "error" });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { ok: true } });
    expect(received.map((r) => r.url)).toEqual(["/fail"]);
  });

  it("still answers 202 when nothing listens on the webhook's port", async () => {
    const res = await client(unreachable.app, "198.18.0.14").post("/api/log", { message: "nobody home", level: "error" });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { ok: true } });
  });
});
