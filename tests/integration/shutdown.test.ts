import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { request } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port.ts";
import { SERVER_START_MS, until as waitUntil, UNTIL_MS } from "../helpers/waits.ts";

/** A port nobody listens on right now. */
type Reply = { status: number; body: string };

/** One request on its own connection (no keep-alive agent). */
function call(port: number, method: string, path: string, body?: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        agent: false,
        headers: payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {},
      },
      (res) => {
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (data += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** A request whose body is sent in two parts: the server has it in flight until `finish()`. */
function slowCall(port: number, path: string, body: unknown): { finish(): void; reply: Promise<Reply> } {
  const payload = JSON.stringify(body);
  const half = Math.floor(payload.length / 2);
  let finish = () => {};
  const reply = new Promise<Reply>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (res) => {
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (data += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.write(payload.slice(0, half));
    finish = () => req.end(payload.slice(half));
  });
  return { finish: () => finish(), reply };
}

/** Resolves with the connect error code, or "connected". */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

type LogLine = { msg?: string; req?: { url?: string }; res?: { statusCode?: number }; [key: string]: unknown };

let dataDir: string;
let port: number;
let server: ChildProcessWithoutNullStreams;
let stdout = "";
let stderr = "";
let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

const logs = (): LogLine[] =>
  stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as LogLine);

async function until(what: string, check: () => boolean | Promise<boolean>, ms = UNTIL_MS) {
  await waitUntil(what, check, { timeout: ms, interval: 20, detail: () => `\nstdout:\n${stdout}\nstderr:\n${stderr}` });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "pathwise-shutdown-"));
  port = await freePort();
  server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    },
  });
  server.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  exited = new Promise((resolve) => server.on("exit", (code, signal) => resolve({ code, signal })));
  await until(
    "the server to answer /api/health",
    async () => {
      if (server.exitCode !== null || server.signalCode !== null) throw new Error(`server exited early (${server.exitCode ?? server.signalCode})\n${stderr}`);
      return call(port, "GET", "/api/health").then(
        (r) => r.status === 200,
        () => false,
      );
    },
    SERVER_START_MS,
  );
});

afterAll(async () => {
  if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  await exited;
  await rm(dataDir, { recursive: true, force: true });
});

describe("graceful shutdown on SIGTERM", () => {
  it("finishes the requests in flight with their normal answer, exits 0, then refuses connections", async () => {
    const health = await call(port, "GET", "/api/health");
    expect(JSON.parse(health.body)).toEqual({ data: { status: "ok", database: "pglite" } });

    const incomingLogins = () => logs().filter((l) => l.msg === "incoming request" && l.req?.url === "/api/auth/login").length;
    const WRONG = { error: { code: "invalid_credentials", message: "The e-mail address or password is not right" } };

    // One login whose body is only half sent: the server is surely still working on it at SIGTERM.
    const slow = slowCall(port, "/api/auth/login", { email: "slow@example.org", password: "not the password" });
    await until("the server to receive the slow login", () => incomingLogins() === 1);
    // And a dozen ordinary wrong-password logins (an Argon2 verification each, tens of ms).
    const COUNT = 12;
    const started = Array.from({ length: COUNT }, (_, i) =>
      call(port, "POST", "/api/auth/login", { email: `nobody-${i}@example.org`, password: "not the password" }),
    );
    for (const pending of [slow.reply, ...started]) pending.catch(() => {}); // awaited below; no unhandled rejection if the test fails first
    // Signal once the server has received every request (a connection whose request has not
    // arrived yet is idle, and idle connections are closed at shutdown: that is intended).
    await until("the server to receive every login", () => incomingLogins() === COUNT + 1);
    expect(server.kill("SIGTERM")).toBe(true);

    // While the slow login is still open, the server stops taking new connections…
    await until("new connections to be refused", async () => (await tryConnect(port)) === "ECONNREFUSED");
    expect(server.exitCode).toBeNull();
    await until("the shutdown to be logged", () => logs().some((l) => l.msg === "shutting down: finishing requests in flight"));

    // …and still answers every request it had started, normally.
    slow.finish();
    const replies = await Promise.all([slow.reply, ...started]);
    for (const reply of replies) {
      expect(reply.status).toBe(401);
      expect(JSON.parse(reply.body)).toEqual(WRONG);
    }

    expect(await exited).toEqual({ code: 0, signal: null });
    expect(await tryConnect(port)).toBe("ECONNREFUSED");

    const lines = logs();
    const shutdownAt = lines.findIndex((l) => l.msg === "shutting down: finishing requests in flight");
    const completedAfter = lines.slice(shutdownAt).filter((l) => l.msg === "request completed" && l.res?.statusCode === 401);
    expect(completedAfter.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.msg === "shutdown took longer than 10 s; exiting")).toBe(false);
    expect(stderr).toBe("");
  }, 180_000); // the server is up (beforeAll): logins and a shutdown
});
