import Fastify, { type FastifyInstance } from "fastify";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { registerAdmission, type AdmissionOptions } from "#server/plugins/admission.ts";
import { UNTIL_MS } from "../helpers/waits.ts";

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
  /** The calls whose headers the server has read, in order. */
  const seen: string[] = [];
  app.addHook("onRequest", async (request) => void seen.push(request.url));
  let connections = 0;
  app.server.on("connection", () => connections++);
  app.get("/api/ok", async () => ({ data: { ok: true } }));
  app.post("/api/save", async () => ({ data: { saved: true } }));
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
  app.post("/api/webhooks/max_pay", { config: { skipsTheLine: true } }, async () => ({ ok: true }));
  const origin = await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    admission,
    origin,
    seen,
    connections: () => connections,
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

/** A connection the test writes to by hand: a request in parts, or sent long after the connection opened. */
function rawConnection(origin: string) {
  const url = new URL(origin);
  const socket = connect(Number(url.port), url.hostname);
  const answered = new Promise<{ status: number; headers: Record<string, string> }>((resolve, reject) => {
    let text = "";
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const end = text.indexOf("\r\n\r\n");
      if (end < 0) return;
      const [statusLine, ...lines] = text.slice(0, end).split("\r\n");
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      resolve({ status: Number(statusLine!.split(" ")[1]), headers });
      socket.destroy();
    });
    socket.on("error", reject);
  });
  return { write: (text: string) => socket.write(text), answered, close: () => socket.destroy() };
}

/** The call's answer, or "put in line" if it joined the line before it was answered (whichever comes first). */
function answerOrLine<T>(d: Door, answered: Promise<T>): Promise<T | "put in line"> {
  return new Promise((resolve, reject) => {
    const look = setInterval(() => {
      if (d.admission.waiting() === 0) return;
      clearInterval(look);
      resolve("put in line");
    }, 5);
    answered.then(
      (answer) => (clearInterval(look), resolve(answer)),
      (error: unknown) => (clearInterval(look), reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}

/** The door is whole again: nothing held, nobody waiting, and an ordinary call is answered. */
async function stillOpen(d: Door) {
  await vi.waitFor(
    () => {
      expect(d.admission.inFlight()).toBe(0);
      expect(d.admission.waiting()).toBe(0);
    },
    { timeout: UNTIL_MS },
  );
  expect((await call(d.origin, "/api/ok").answered).status).toBe(200);
  expect(d.admission.inFlight()).toBe(0);
}

describe("admission control paces starts only while the event loop runs late", () => {
  it("on time, calls start however many arrive in one turn (perTurn 0 holds nobody back)", async () => {
    const d = await open({ limit: 10, perTurn: 0, late: () => false });
    const calls = [1, 2, 3].map(() => call(d.origin, "/api/hang"));
    await vi.waitFor(() => expect(d.started()).toBe(3), { timeout: UNTIL_MS });
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
    await vi.waitFor(() => expect(d.started()).toBe(1), { timeout: UNTIL_MS });
    expect(d.admission.inFlight()).toBe(1);
    c.cut();
    await stillOpen(d);
  });

  it("a visitor who leaves while waiting leaves the line, and is never served", async () => {
    const d = await open();
    const first = call(d.origin, "/api/hang");
    await vi.waitFor(() => expect(d.started()).toBe(1), { timeout: UNTIL_MS });
    const second = call(d.origin, "/api/hang");
    second.answered.catch(() => undefined);
    await vi.waitFor(() => expect(d.admission.waiting()).toBe(1), { timeout: UNTIL_MS });
    second.cut();
    await vi.waitFor(() => expect(d.admission.waiting()).toBe(0), { timeout: UNTIL_MS });
    d.releaseAll();
    expect((await first.answered).status).toBe(200);
    await stillOpen(d);
    expect(d.started()).toBe(1);
  });

  it("a call that holds its place past the limit gives it up (a handler that never ends)", async () => {
    const d = await open({ holdLimitMs: 200 });
    const c = call(d.origin, "/api/hang");
    await vi.waitFor(() => expect(d.started()).toBe(1), { timeout: UNTIL_MS });
    await stillOpen(d);
    d.releaseAll();
    expect((await c.answered).status).toBe(200);
  });

  it("waiting calls are served in order when a place frees", async () => {
    const d = await open();
    const first = call(d.origin, "/api/hang");
    await vi.waitFor(() => expect(d.started()).toBe(1), { timeout: UNTIL_MS });
    const waiting = [call(d.origin, "/api/ok"), call(d.origin, "/api/ok")];
    await vi.waitFor(() => expect(d.admission.waiting()).toBe(2), { timeout: UNTIL_MS });
    d.releaseAll();
    expect((await first.answered).status).toBe(200);
    for (const w of waiting) expect((await w.answered).status).toBe(200);
    await stillOpen(d);
  });

  it("when the line is full, a call is answered 503 busy with Retry-After, and nothing is held", async () => {
    const d = await open({ queueLimit: 1, retryAfterSeconds: 3 });
    const first = call(d.origin, "/api/hang");
    await vi.waitFor(() => expect(d.started()).toBe(1), { timeout: UNTIL_MS });
    const second = call(d.origin, "/api/ok");
    await vi.waitFor(() => expect(d.admission.waiting()).toBe(1), { timeout: UNTIL_MS });
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
    await vi.waitFor(() => expect(d.started()).toBe(1), { timeout: UNTIL_MS });
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
    await vi.waitFor(() => expect(d.started()).toBe(1), { timeout: UNTIL_MS });
    const waiting = call(d.origin, "/api/ok");
    const cutOff = waiting.answered.then(
      () => false,
      () => true,
    );
    await vi.waitFor(() => expect(d.admission.waiting()).toBe(1), { timeout: UNTIL_MS });
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
    await vi.waitFor(() => expect(d.started()).toBe(1), { timeout: UNTIL_MS });
    const ordinary = call(d.origin, "/api/ok");
    await vi.waitFor(() => expect(d.admission.waiting()).toBe(1), { timeout: UNTIL_MS });
    expect((await call(d.origin, "/api/webhooks/max_pay", "POST").answered).status).toBe(200);
    expect(d.admission.waiting()).toBe(1);
    d.releaseAll();
    expect((await first.answered).status).toBe(200);
    expect((await ordinary.answered).status).toBe(200);
    await stillOpen(d);
  });
});

describe("admission control: the wait limit counts from the call's arrival (ADR 054)", () => {
  /** A clock the test moves: the limit passes exactly when the test says so. */
  const testClock = () => {
    let at = 0;
    return { now: () => at, pass: (ms: number) => void (at += ms) };
  };

  it("a call whose body took the whole limit to arrive is answered 503 busy with Retry-After at once, never put in line", async () => {
    const clock = testClock();
    const d = await open({ maxWaitMs: 1_000, now: clock.now });
    const holder = call(d.origin, "/api/hang");
    await vi.waitFor(() => expect(d.started()).toBe(1), { timeout: UNTIL_MS });
    const slow = rawConnection(d.origin);
    slow.write("POST /api/save HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{");
    await vi.waitFor(() => expect(d.seen).toContain("/api/save"), { timeout: UNTIL_MS });
    clock.pass(1_000);
    slow.write("}");
    const answer = await answerOrLine(d, slow.answered);
    expect(answer).toMatchObject({ status: 503, headers: { "retry-after": "2" } });
    d.releaseAll();
    expect((await holder.answered).status).toBe(200);
    await stillOpen(d);
  });

  it("the first call on a connection counts from the connection's arrival (a late event loop's wait to read it is the visitor's too)", async () => {
    const clock = testClock();
    const d = await open({ maxWaitMs: 1_000, now: clock.now });
    const holder = call(d.origin, "/api/hang");
    await vi.waitFor(() => expect(d.started()).toBe(1), { timeout: UNTIL_MS });
    const early = rawConnection(d.origin);
    await vi.waitFor(() => expect(d.connections()).toBe(2), { timeout: UNTIL_MS });
    clock.pass(1_000);
    early.write("GET /api/ok HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(await answerOrLine(d, early.answered)).toMatchObject({ status: 503 });
    d.releaseAll();
    expect((await holder.answered).status).toBe(200);
    await stillOpen(d);
  });

  it("a call still in line when its limit has passed is answered 503 when a place frees, never served late", async () => {
    const clock = testClock();
    const d = await open({ maxWaitMs: 30_000, now: clock.now });
    const first = call(d.origin, "/api/hang");
    await vi.waitFor(() => expect(d.started()).toBe(1), { timeout: UNTIL_MS });
    const late = call(d.origin, "/api/ok");
    await vi.waitFor(() => expect(d.admission.waiting()).toBe(1), { timeout: UNTIL_MS });
    // Its timer has not run (an event loop running late); the place frees after the limit.
    clock.pass(30_000);
    d.releaseAll();
    expect((await first.answered).status).toBe(200);
    const answer = await late.answered;
    expect(answer.status).toBe(503);
    expect(answer.headers["retry-after"]).toBe("2");
    await stillOpen(d);
  });

  it("a bounded burst on loopback while the only place is held: every call ends in 503 busy with Retry-After, and the line empties", async () => {
    const d = await open({ maxWaitMs: 200, queueLimit: 10 });
    const holder = call(d.origin, "/api/hold");
    await vi.waitFor(() => expect(d.started()).toBe(1), { timeout: UNTIL_MS });
    const answers = await Promise.all(Array.from({ length: 60 }, () => call(d.origin, "/api/ok").answered));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 503));
    expect(answers.every((a) => a.headers["retry-after"] === "2")).toBe(true);
    expect(d.admission.waiting()).toBe(0);
    d.releaseAll();
    expect((await holder.answered).status).toBe(200);
    await stillOpen(d);
  });
});
