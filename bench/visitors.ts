// A campaign's visitors against the real server over HTTP: each starts the career funnel, answers
// every question on its path, gives an e-mail, starts a checkout and approves it on the sandbox's
// hosted page (which delivers the signed notification to the webhook, as the provider would).
// The server runs in its own process(es): one on PGlite, one or two on PostgreSQL.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, request } from "node:http";
import { isQuestion } from "#engine/flow/kinds/index.ts";
import { sampleAnswers } from "#engine/flow/sample-answers.ts";
import { nextStep } from "#engine/flow/next-step.ts";
import type { Answers, CompiledFlow } from "#engine/flow/types.ts";
import { readFlows } from "#server/flows/read-flows.ts";

export type VisitorsResult = {
  database: string;
  instances: number;
  visitors: number;
  paid: number;
  answers: number;
  answersPerSecond: number;
  answerP50: number;
  answerP99: number;
  errors: number;
  errorSamples: string[];
  /** How long each failed call had been open, in seconds, sorted. */
  errorsAfterSeconds: number[];
  /** Calls answered 503 busy (the line at the front door was full) and sent again after Retry-After, as the web client does. */
  busyRetries: number;
  /** From the sandbox's approval to the order page saying paid, and to the report being ready: p50 and max. */
  paidAfterP50: number;
  paidAfterMax: number;
  reportAfterP50: number;
  reportAfterMax: number;
  seconds: number;
};

const FLOW_FILE = /^career\.yaml$/;

export type Server = { origin: string; process: ChildProcess; dataDir: string };

export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = 5200 + Math.floor(Math.random() * 700);
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), "pathwise-bench-visitors-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_ORIGIN: origin,
      DATA_DIR: dataDir,
      // BENCH_LOG_LEVEL=warn shows the server's warnings and errors while it is under load.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
      // Every visitor comes through the loopback "proxy" with its own address, as from the internet.
      TRUST_PROXY: "127.0.0.1",
      RENEWALS_INTERVAL_SECONDS: "0",
      ...env,
    },
    stdio: ["ignore", process.env.BENCH_LOG_LEVEL ? "inherit" : "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { origin, process: child, dataDir };
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGTERM"); // not left running behind the bench
  throw new Error("the server did not start");
}

export async function stopServer(server: Server) {
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGTERM");
  await exited;
  await rm(server.dataDir, { recursive: true, force: true });
}

/** One visitor's browser: its own address, its own cookies, same-origin requests. */
export class Browser {
  private cookies = new Map<string, string>();
  constructor(
    private readonly origin: string,
    private readonly agent: Agent,
    private readonly ip: string,
  ) {}

  /** The cookies as a Cookie header, to open a page as this visitor (Lighthouse). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** Calls answered 503 busy and sent again. */
  busyRetries = 0;

  /**
   * One call; a 503 `busy` (the server's front door, src/server/plugins/admission.ts) is sent again
   * after its Retry-After, as the web client's fetch layer does (src/web/shared/api/client.ts).
   */
  async send(method: "GET" | "POST", path: string, body?: unknown, form = false): Promise<Answer> {
    for (let retry = 0; ; retry++) {
      const sent = performance.now();
      const res = await this.once(method, path, body, form).catch((e: unknown) => {
        // How long the call had been open tells a server's idle limit from a refused connection.
        const after = ((performance.now() - sent) / 1000).toFixed(1);
        throw new Error(`${method} ${path.replace(/[0-9a-f-]{36}/g, ":id")}: ${e instanceof Error ? e.message : String(e)} (after ${after} s)`);
      });
      const retryAfter = busyRetryAfter(res);
      if (retryAfter === null || retry >= BUSY_RETRIES) return res;
      this.busyRetries++;
      await new Promise((r) => setTimeout(r, retryAfter * 1000 * (1 + Math.random() / 2)));
    }
  }

  private once(method: "GET" | "POST", path: string, body: unknown, form: boolean): Promise<Answer> {
    const headers: Record<string, string> = { "x-forwarded-for": this.ip, origin: this.origin, accept: "application/json" };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const payload = body === undefined ? undefined : form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
    if (payload !== undefined) headers["content-type"] = form ? "application/x-www-form-urlencoded" : "application/json";
    const url = new URL(path, this.origin);
    return new Promise((resolve, reject) => {
      const req = request({ agent: this.agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers }, (res) => {
        for (const c of res.headers["set-cookie"] ?? []) {
          const [pair] = c.split(";");
          const at = pair!.indexOf("=");
          this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, text, headers: res.headers, json: () => JSON.parse(text) as { data: Record<string, unknown> } });
        });
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(payload);
    });
  }
}

type Answer = { status: number; text: string; headers: Record<string, string | string[] | undefined>; json: () => { data: Record<string, unknown> } };

/** How often a call answered 503 busy is sent again (the web client's number). */
const BUSY_RETRIES = 3;
/** Seconds to wait before sending a call again that the server was too busy to take, or null. */
function busyRetryAfter(res: Answer): number | null {
  if (res.status !== 503 || !res.text.includes('"busy"')) return null;
  const seconds = Number(res.headers["retry-after"]);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 30) : 1;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * The answers a visitor's browser sends, in the order its path asks them (the first sample of each
 * question), up to the offer: a step that asks nothing (an intro, a page between questions) is sent
 * as passed (null), as the funnel runner does, so the run resumes where the browser would (ADR 067).
 */
function pathOf(flow: CompiledFlow, email: string): [string, unknown][] {
  const out: [string, unknown][] = [];
  const answers: Answers = {};
  let id: string | null = flow.steps[0]!.id;
  for (let guard = 0; id && guard < 200; guard++) {
    const step = flow.steps.find((s) => s.id === id)!;
    if (step.kind === "pre_checkout" || step.kind === "payment") break;
    const value = !isQuestion(step) ? null : step.kind === "email" ? email : step.kind === "name" ? "Ada" : sampleAnswers(flow, step)[0];
    if (value !== undefined) {
      answers[step.id] = value;
      out.push([step.id, value]);
    }
    id = nextStep(flow, step.id, answers, {});
  }
  return out;
}

/** The order page (src/web/features/checkout/use-order-poll.ts): asks every second, for up to a minute. */
const ORDER_POLL = { intervalMs: 1000, timeoutMs: 60_000 };
/** The result page while the paid report is built (src/web/shared/report/session-report.ts): every 2 s, up to 90 times. */
const REPORT_POLL = { intervalMs: 2000, times: 90 };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type WalkTimes = { paidAfter: number[]; reportAfter: number[] };

/**
 * One visitor through the funnel: start, every answer on the path, complete, and unless `until`
 * stops earlier, a checkout approved in the sandbox, then the order page polled as the browser
 * polls it (which logs a first-time buyer in), and with `until: "report"` (the default) the
 * result page polled until the paid report is built. Answer latencies go to `latencies`; a failure
 * throws with what failed.
 */
export async function walkVisitor(
  origin: string,
  agent: Agent,
  flow: CompiledFlow,
  n: number,
  options: { until?: "complete" | "paid" | "report"; latencies?: number[]; times?: WalkTimes } = {},
): Promise<{ browser: Browser; sessionId: string; email: string }> {
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const b = new Browser(origin, agent, ip);
  const check = (what: string, res: { status: number; text: string }, ok: number) => {
    if (res.status !== ok) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 160)}`);
  };
  const started = await b.send("POST", "/api/quiz/sessions", { flow_code: flow.code, flow_hash: flow.hash });
  if (started.status >= 300) check("start", started, 201);
  const sessionId = String(started.json().data.id);
  const email = `load-${n}-${randomBytes(3).toString("hex")}@example.org`;
  for (const [step, value] of pathOf(flow, email)) {
    const t0 = performance.now();
    const res = await b.send("POST", `/api/quiz/sessions/${sessionId}/answers`, { step_id: step, value, flow_hash: flow.hash });
    options.latencies?.push(performance.now() - t0);
    check(`answer ${step}`, res, 200);
  }
  check("complete", await b.send("POST", `/api/quiz/sessions/${sessionId}/complete`, {}), 200);
  if (options.until === "complete") return { browser: b, sessionId, email };
  const checkout = await b.send("POST", "/api/checkout/start", { product_id: "trial_7d", session_id: sessionId, currency: "USD" });
  check("checkout", checkout, 200);
  const { url, order_id } = checkout.json().data as { url: string; order_id: string };
  const hosted = new URL(url);
  check("sandbox approve", await b.send("POST", hosted.pathname, { outcome: "approve", request: hosted.searchParams.toString() }, true), 303);
  const approved = performance.now();
  for (;;) {
    const order = await b.send("GET", `/api/orders/${order_id}`);
    check("order", order, 200);
    const status = order.json().data.status;
    if (status === "paid") break;
    if (status !== "pending" || performance.now() - approved > ORDER_POLL.timeoutMs) throw new Error(`order: not paid (${order.text.slice(0, 160)})`);
    await pause(ORDER_POLL.intervalMs);
  }
  options.times?.paidAfter.push(performance.now() - approved);
  const payment = await b.send("GET", `/api/quiz/sessions/${sessionId}/payment`);
  if (payment.status !== 200 || payment.json().data.paid !== true) throw new Error(`paid?: ${payment.status} ${payment.text.slice(0, 160)}`);
  if (options.until === "paid") return { browser: b, sessionId, email };
  for (let asked = 1; ; asked++) {
    const report = await b.send("GET", `/api/quiz/sessions/${sessionId}/report`);
    check("report", report, 200);
    const data = report.json().data;
    if (data.access !== "full") throw new Error(`report: not the full one (${report.text.slice(0, 160)})`);
    if (data.document) break;
    if (data.status === "failed" || asked >= REPORT_POLL.times) throw new Error(`report: not built (${String(data.status)})`);
    await pause(REPORT_POLL.intervalMs);
  }
  options.times?.reportAfter.push(performance.now() - approved);
  return { browser: b, sessionId, email };
}

/**
 * Proves a buyer's inbox as its owner would: the receipt's single-use login link, read from the
 * development outbox (/dev/mail) and sent to the login call. Until then the session the order page
 * gave reaches only that purchase, and /account sends it to the login page (ADR 051, ADR 075).
 */
export async function logInFromReceipt(browser: Browser, email: string): Promise<void> {
  for (let asked = 1; ; asked++) {
    const list = (await browser.send("GET", "/dev/mail")).text;
    const file = list
      .split("<tr>")
      .find((row) => row.includes(email) && /receipt/i.test(row))
      ?.match(/href="\/dev\/mail\/([^"]+)"/)?.[1];
    const token = file ? /tmp_token=([\w-]+)/.exec((await browser.send("GET", `/dev/mail/${file}`)).text)?.[1] : undefined;
    if (token) {
      const login = await browser.send("POST", "/api/auth/login", { email, tmp_token: token });
      if (login.status !== 200) throw new Error(`login from the receipt: ${login.status} ${login.text.slice(0, 160)}`);
      return;
    }
    if (asked >= REPORT_POLL.times) throw new Error(`no receipt with a login link for ${email}`);
    await pause(REPORT_POLL.intervalMs);
  }
}

/** Reads the career flow as the server does. */
export async function careerFlow(): Promise<CompiledFlow> {
  const flows = await readFlows(join(process.cwd(), "flows"), FLOW_FILE);
  if (!flows.ok) throw new Error("the career flow does not load");
  return flows.flows[0]!;
}

/** Runs `visitors` visitors, all at once, spread over the servers; counts what each customer got. */
export async function visitorsLoad(options: {
  visitors: number;
  database: "pglite" | "postgres";
  instances?: number;
  pgUrl?: string;
}): Promise<VisitorsResult> {
  const instances = options.instances ?? 1;
  const flow = await careerFlow();
  const env: Record<string, string> = options.database === "postgres" ? { DATABASE_URL: options.pgUrl! } : {};
  const servers: Server[] = [];
  for (let i = 0; i < instances; i++) servers.push(await startServer(env));
  const stats = { latencies: [] as number[], errors: [] as string[], times: { paidAfter: [], reportAfter: [] } as WalkTimes, busyRetries: 0 };
  try {
    const t0 = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: options.visitors }, async (_, n) => {
        // Each visitor is its own phone: its own keep-alive connections (a browser opens up to 6 per host).
        const agent = new Agent({ keepAlive: true, maxSockets: 6 });
        let browser: Browser | null = null;
        try {
          browser = (await walkVisitor(servers[n % servers.length]!.origin, agent, flow, n + 1, { latencies: stats.latencies, times: stats.times })).browser;
          return true;
        } catch (e: unknown) {
          stats.errors.push(e instanceof Error ? e.message : String(e));
          return false;
        } finally {
          stats.busyRetries += browser?.busyRetries ?? 0;
          agent.destroy();
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const answerSeconds = seconds;
    const latencies = [...stats.latencies].sort((a, b) => a - b);
    const paidAfter = [...stats.times.paidAfter].sort((a, b) => a - b);
    const reportAfter = [...stats.times.reportAfter].sort((a, b) => a - b);
    return {
      database: options.database === "postgres" ? "PostgreSQL" : "PGlite",
      instances,
      visitors: options.visitors,
      paid: outcomes.filter(Boolean).length,
      answers: latencies.length,
      answersPerSecond: latencies.length / answerSeconds,
      answerP50: percentile(latencies, 50),
      answerP99: percentile(latencies, 99),
      errors: stats.errors.length,
      errorSamples: [...new Set(stats.errors.map((e) => e.replace(/\d+(\.\d+)?/g, "N")))].slice(0, 5),
      errorsAfterSeconds: stats.errors
        .map((e) => Number(/\(after ([\d.]+) s\)/.exec(e)?.[1] ?? NaN))
        .filter(Number.isFinite)
        .sort((a, b) => a - b),
      busyRetries: stats.busyRetries,
      paidAfterP50: percentile(paidAfter, 50),
      paidAfterMax: paidAfter.at(-1) ?? 0,
      reportAfterP50: percentile(reportAfter, 50),
      reportAfterMax: reportAfter.at(-1) ?? 0,
      seconds,
    };
  } finally {
    await Promise.all(servers.map(stopServer));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const visitors = Number(process.argv[2] ?? 50);
  const database = process.env.BENCH_DATABASE_URL ? "postgres" : "pglite";
  const r = await visitorsLoad({ visitors, database, instances: Number(process.argv[3] ?? 1), pgUrl: process.env.BENCH_DATABASE_URL });
  console.log(JSON.stringify(r, null, 2));
}
