import Fastify, { type FastifyInstance } from "fastify";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { registerAdmission, type AdmissionOptions } from "#server/plugins/admission.ts";

/**
 * The front door's admission control over real HTTP, on a bare Fastify with routes that answer,
 * fail, or hang until the test lets them go. After every case an ordinary call must still be
 * answered: a place that was not given back would leave it waiting (limit 1), so each case fails
 * if a release is missing.
 */
async function door(options: Partial<AdmissionOptions>, connectionTimeout = 0) {
  const app: FastifyInstance = Fastify({ connectionTimeout });
  const admission = registerAdmission(app, { limit: 1, queueLimit: 10, maxWaitMs: 30_000, holdLimitMs: 60_000, ...options });
  const hanging: (() => void)[] = [];
  let started = 0;
  app.get("/api/ok", async () => ({ data: { ok: true } }));
  app.get("/api/fail", async () => {
    throw new Error("the handler failed");
  });
  const hang = async () => {
    started++;
    await new Promise<void>((resolve) => hanging.push(resolve));
    return { data: { ok: true } };
  };
  app.get("/api/hang", hang);
  // Holds its place however long, its own connection exempt from the idle limit.
  app.get("/api/hold", async (request) => {
    request.raw.socket.setTimeout(0);
    return hang();
  });
  app.post("/api/webhooks/max_pay", async () => ({ ok: true }));
  const origin = await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    admission,
    origin,
    started: () => started,
    releaseAll: () => hanging.splice(0).forEach((release) => release()),
    close: async () => {
      hanging.splice(0).forEach((release) => release());
      await app.close();
    },
  };
}

type Door = Awaited<ReturnType<typeof door>>;
const doors: Door[] = [];
afterEach(async () => {
  for (const d of doors.splice(0)) await d.close();
});
const open = async (options: Partial<AdmissionOptions> = {}, connectionTimeout = 0) => {
  const d = await door(options, connectionTimeout);
  doors.push(d);
  return d;
};

/** A call on its own connection, which the test may cut (a visitor who closes the tab). */
function call(origin: string, path: string, method = "GET") {
  const url = new URL(path, origin);
  const headers = method === "POST" ? { "content-type": "application/json" } : {};
  const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method, headers, agent: false });
  const answered = new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
  });
  req.end(method === "POST" ? "{}" : undefined);
  return { answered, cut: () => req.destroy() };
}

/** Resolves when the server closes a connection that sent nothing: its idle limit has passed. */
function idleConnectionClosed(origin: string) {
  const url = new URL(origin);
  return new Promise<void>((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.on("close", () => resolve());
    socket.on("error", reject);
  });
}

/** The door is whole again: nothing held, nobody waiting, and an ordinary call is answered. */
async function stillOpen(d: Door) {
  await vi.waitFor(() => {
    expect(d.admission.inFlight()).toBe(0);
    expect(d.admission.waiting()).toBe(0);
  });
  expect((await call(d.origin, "/api/ok").answered).status).toBe(200);
  expect(d.admission.inFlight()).toBe(0);
}

describe("admission control paces starts only while the event loop runs late", () => {
  it("on time, calls start however many arrive in one turn (perTurn 0 holds nobody back)", async () => {
    const d = await open({ limit: 10, perTurn: 0, late: () => false });
    const calls = [1, 2, 3].map(() => call(d.origin, "/api/hang"));
    await vi.waitFor(() => expect(d.started()).toBe(3));
    d.releaseAll();
    for (const c of calls) expect((await c.answered).status).toBe(200);
    await stillOpen(d);
  });

  it("late, the pace holds: with perTurn 0 nobody starts, and the wait ends in 503 busy", async () => {
    const d = await open({ limit: 10, perTurn: 0, late: () => true, maxWaitMs: 200 });
    const res = await call(d.origin, "/api/ok").answered;
    expect(res.status).toBe(503);
    expect(d.started()).toBe(0);
  });
});

describe("admission control: a bounded number of API calls at once, the rest wait their turn", () => {
  it("a call answered gives its place back", async () => {
    const d = await open();
    for (let i = 0; i < 3; i++) expect((await call(d.origin, "/api/ok").answered).status).toBe(200);
    await stillOpen(d);
  });

  it("a call whose handler failed gives its place back", async () => {
    const d = await open();
    expect((await call(d.origin, "/api/fail").answered).status).toBe(500);
    await stillOpen(d);
  });

  it("a visitor who leaves while served gives the place back", async () => {
    const d = await open();
    const c = call(d.origin, "/api/hang");
    c.answered.catch(() => undefined);
    await vi.waitFor(() => expect(d.started()).toBe(1));
    expect(d.admission.inFlight()).toBe(1);
    c.cut();
    await stillOpen(d);
  });

  it("a visitor who leaves while waiting leaves the line, and is never served", async () => {
    const d = await open();
    const first = call(d.origin, "/api/hang");
    await vi.waitFor(() => expect(d.started()).toBe(1));
    const second = call(d.origin, "/api/hang");
    second.answered.catch(() => undefined);
    await vi.waitFor(() => expect(d.admission.waiting()).toBe(1));
    second.cut();
    await vi.waitFor(() => expect(d.admission.waiting()).toBe(0));
    d.releaseAll();
    expect((await first.answered).status).toBe(200);
    await stillOpen(d);
    expect(d.started()).toBe(1);
  });

  it("a call that holds its place past the limit gives it up (a handler that never ends)", async () => {
    const d = await open({ holdLimitMs: 200 });
    const c = call(d.origin, "/api/hang");
    await vi.waitFor(() => expect(d.started()).toBe(1));
    await stillOpen(d);
    d.releaseAll();
    expect((await c.answered).status).toBe(200);
  });

  it("waiting calls are served in order when a place frees", async () => {
    const d = await open();
    const first = call(d.origin, "/api/hang");
    await vi.waitFor(() => expect(d.started()).toBe(1));
    const waiting = [call(d.origin, "/api/ok"), call(d.origin, "/api/ok")];
    await vi.waitFor(() => expect(d.admission.waiting()).toBe(2));
    d.releaseAll();
    expect((await first.answered).status).toBe(200);
    for (const w of waiting) expect((await w.answered).status).toBe(200);
    await stillOpen(d);
  });

  it("when the line is full, a call is answered 503 busy with Retry-After, and nothing is held", async () => {
    const d = await open({ queueLimit: 1, retryAfterSeconds: 3 });
    const first = call(d.origin, "/api/hang");
    await vi.waitFor(() => expect(d.started()).toBe(1));
    const second = call(d.origin, "/api/ok");
    await vi.waitFor(() => expect(d.admission.waiting()).toBe(1));
    const refused = await call(d.origin, "/api/ok").answered;
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("3");
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: "busy" } });
    d.releaseAll();
    expect((await first.answered).status).toBe(200);
    expect((await second.answered).status).toBe(200);
    await stillOpen(d);
  });

  it("a call that waited too long is answered 503 busy, and leaves the line", async () => {
    const d = await open({ maxWaitMs: 200 });
    const first = call(d.origin, "/api/hang");
    await vi.waitFor(() => expect(d.started()).toBe(1));
    const late = await call(d.origin, "/api/ok").answered;
    expect(late.status).toBe(503);
    expect(late.headers["retry-after"]).toBeDefined();
    expect(d.admission.waiting()).toBe(0);
    d.releaseAll();
    expect((await first.answered).status).toBe(200);
    await stillOpen(d);
  });

  it("a call's wait in line does not count towards its connection's idle limit (it is not cut off as 'socket hang up')", async () => {
    const d = await open({}, 300);
    const holder = call(d.origin, "/api/hold");
    await vi.waitFor(() => expect(d.started()).toBe(1));
    const waiting = call(d.origin, "/api/ok");
    const cutOff = waiting.answered.then(
      () => false,
      () => true,
    );
    await vi.waitFor(() => expect(d.admission.waiting()).toBe(1));
    // A connection opened after the call joined the line, and idle since: once the server closed
    // it, the waiting call's connection has been silent longer than the limit too.
    await idleConnectionClosed(d.origin);
    d.releaseAll();
    expect(await cutOff).toBe(false);
    expect((await waiting.answered).status).toBe(200);
    expect((await holder.answered).status).toBe(200);
    await stillOpen(d);
  });

  it("payment notifications skip the line while ordinary calls wait", async () => {
    const d = await open();
    const first = call(d.origin, "/api/hang");
    await vi.waitFor(() => expect(d.started()).toBe(1));
    const ordinary = call(d.origin, "/api/ok");
    await vi.waitFor(() => expect(d.admission.waiting()).toBe(1));
    expect((await call(d.origin, "/api/webhooks/max_pay", "POST").answered).status).toBe(200);
    expect(d.admission.waiting()).toBe(1);
    d.releaseAll();
    expect((await first.answered).status).toBe(200);
    expect((await ordinary.answered).status).toBe(200);
    await stillOpen(d);
  });
});
