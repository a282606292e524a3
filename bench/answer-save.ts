// Answer saves at 200 concurrent visitors, side by side with the same SQL sent by a bare driver
// (issue 21, ADR 041). Per database, in one run:
//   app:  the real server in its own process; each visitor has its own keep-alive connection and
//         saves a fixed number of answers in a loop (client-measured latency);
//   bare: the prepared statement the app's one-trip save sends (oneTripQuery, its parameters worked
//         out before the clock starts), for real sessions of the same database, by the driver alone
//         at the same concurrency: node-postgres with the app's pool size (POSTGRES_POOL_SIZE), by
//         the same name; PGlite in this process, on the app's data directory once the app has
//         stopped (the directory is locked while it runs).
// `npx tsx bench/answer-save.ts` runs PGlite, and PostgreSQL too with BENCH_DATABASE_URL;
// BENCH_CPU_PROF=<dir> writes a CPU profile of the server during the app part, its folded stacks and
// a flame graph (bench/cpu-profile.ts).
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { readdir, rm, stat, writeFile } from "node:fs/promises";
import { Agent } from "node:http";
import { join } from "node:path";
import pg from "pg";
import { isQuestion } from "#engine/flow/kinds/index.ts";
import { sampleAnswers } from "#engine/flow/sample-answers.ts";
import type { Answer } from "#engine/flow/types.ts";
import { POSTGRES_POOL_SIZE, type Db } from "#server/db/client.ts";
import { oneTripParams, oneTripQuery } from "#server/quiz/quiz-answer-one-trip.ts";
import { QUIZ_LIMITS } from "#server/quiz/quiz-limits.ts";
import { hashSecretToken } from "#server/platform/secret-token.ts";
import { flameGraphSvg, readCpuProfile, type ProfiledWindow } from "./cpu-profile.ts";
import { budget, figure, type Figure } from "./figures.ts";
import { Browser, careerFlow, startServer, type Server } from "./visitors.ts";

export type Rate = { answers: number; seconds: number; perSecond: number; p50: number; p99: number; errors: number; errorSample?: string };
export type AnswerSaveResult = {
  database: "pglite" | "postgres";
  visitors: number;
  answersEach: number;
  /** Every visitor saving as fast as the answers come back (a closed loop: latency = visitors / rate). */
  app: Rate;
  bare: Rate;
  ratio: number;
  /** The same visitors at a person's pace (PACE_MS between answers on average): the save's own time when the database keeps up. */
  paced: Rate;
};

type Visitor = { browser: Browser; agent: Agent; ip: string; sessionId: string; visitorId: string };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
/** Answers each visitor gives at a person's pace after the timed part, and the mean pause before each. */
const PACED = 4;
const PACE_MS = 2000;
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, Math.random() * 2 * PACE_MS));
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

type Timed = { latencies: number[]; errors: string[]; seconds: number };

/** `workers` loops at once, each `count` calls of `call(worker, i)` (after `before`, not timed): the latency of each, and the wall time. */
async function drive(workers: number, count: number, call: (worker: number, i: number) => Promise<void>, before?: () => Promise<void>): Promise<Timed> {
  const latencies: number[] = [];
  const errors: string[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; i < count; i++) {
        await before?.();
        const started = performance.now();
        try {
          await call(w, i);
          latencies.push(performance.now() - started);
        } catch (error) {
          errors.push(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - t0) / 1000 };
}

/** Rounds of one side added up: answers per second over their time, percentiles over every answer. */
function summary(rounds: Timed[]): Rate {
  const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const errors = rounds.flatMap((r) => r.errors);
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  return {
    answers: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: errors.length,
    ...(errors[0] ? { errorSample: errors[0] } : {}),
  };
}

/** Every question of the career flow with a valid answer (the e-mail step takes the full path). */
async function questions() {
  const flow = await careerFlow();
  const steps = flow.steps.filter((s) => isQuestion(s) && s.kind !== "email");
  return { flow, answers: steps.map((s) => [s.id, sampleAnswers(flow, s)[0] as Answer] as const) };
}

/** A visitor as the browser starts it: its own address and connection, a quiz session and its cookie. */
async function newVisitor(origin: string, flow: { code: string; hash: string }, n: number, run: number): Promise<Visitor> {
  const ip = `10.${run}.${(n >> 8) & 255}.${n & 255}`;
  const agent = new Agent({ keepAlive: true });
  const browser = new Browser(origin, agent, ip);
  const res = await browser.send("POST", "/api/quiz/sessions", { flow_code: flow.code, flow_hash: flow.hash });
  if (res.status !== 201) throw new Error(`start: ${res.status} ${res.text.slice(0, 160)}`);
  const vid = /(?:^|; )vid=([^;]+)/.exec(browser.cookieHeader())?.[1];
  if (!vid) throw new Error("start: no visitor cookie");
  return { browser, agent, ip, sessionId: String(res.json().data.id), visitorId: hashSecretToken(vid) };
}

/** Stops the server and waits for it to exit, keeping its data directory (stopServer removes it). */
async function stopKeepingData(server: Server) {
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGTERM");
  await exited;
}

/** A database of its own on the PostgreSQL server of `url` (the user may CREATE DATABASE); dropped by `drop`. */
async function freshPostgres(url: string) {
  const name = `pathwise_bench_answers_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function answerSaveBench(options: {
  database: "pglite" | "postgres";
  pgUrl?: string;
  visitors?: number;
  answersEach?: number;
  /** A folder for a CPU profile of the server process (bench/cpu-prof-preload.ts). */
  cpuProfDir?: string;
  /** PostgreSQL: the app and the bare client take turns this many times (3). */
  rounds?: number;
  onProfiledWindows?: (windows: ProfiledWindow[]) => void;
}): Promise<AnswerSaveResult> {
  const visitors = options.visitors ?? 200;
  const { flow, answers } = await questions();
  // One answer each to warm up (not timed), `answersEach` timed at full speed, then PACED at a
  // visitor's pace: each step once where the flow has enough.
  const answersEach = Math.min(options.answersEach ?? 27, answers.length - 1 - PACED);
  const run = 1 + Math.floor(Math.random() * 200);
  const database = options.database === "postgres" ? await freshPostgres(options.pgUrl!) : null;
  const env: Record<string, string> = {
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...(options.cpuProfDir
      ? { NODE_OPTIONS: `--import tsx --import ${join(import.meta.dirname, "cpu-prof-preload.ts")}`, CPU_PROF_DIR: options.cpuProfDir }
      : {}),
  };
  const server = await startServer(env).catch(async (error: unknown) => {
    await database?.drop();
    throw error;
  });
  let stopped = false;
  const all: Visitor[] = [];
  try {
    // Twice the visitors, all started through the API: the first half answers through the app, the
    // second half's sessions get the bare client's statements (fresh sessions, so both parts insert).
    for (let n = 0; n < 2 * visitors; n += 50)
      all.push(...(await Promise.all(Array.from({ length: Math.min(50, 2 * visitors - n) }, (_, k) => newVisitor(server.origin, flow, n + k, run)))));
    const viaApp = all.slice(0, visitors);
    const viaBare = all.slice(visitors);

    const save = async (v: Visitor, i: number) => {
      const [stepId, value] = answers[i]!;
      const res = await v.browser.send("POST", `/api/quiz/sessions/${v.sessionId}/answers`, { step_id: stepId, value, flow_hash: flow.hash });
      if (res.status !== 200) throw new Error(`answer: ${res.status} ${res.text.slice(0, 160)}`);
    };
    await drive(visitors, 1, (w) => save(viaApp[w]!, 0));
    // On PostgreSQL the two sides take turns in rounds, so a neighbour's load on this shared machine
    // falls on both; PGlite's directory is the app's until it stops, so there the bare side follows.
    const rounds = options.database === "postgres" ? (options.rounds ?? 3) : 1;
    const per = Math.floor(answersEach / rounds);
    const appRounds: Timed[] = [];
    const bareRounds: Timed[] = [];
    const windows: ProfiledWindow[] = [];
    let bare: Awaited<ReturnType<typeof bareClient>> | null = null;
    let paced: Timed = { latencies: [], errors: [], seconds: 0 };
    try {
      for (let r = 0; r < rounds; r++) {
        const fromUs = monotonicUs();
        appRounds.push(await drive(visitors, per, (w, i) => save(viaApp[w]!, 1 + r * per + i)));
        windows.push({ fromUs, toUs: monotonicUs() });
        if (r === rounds - 1) paced = await drive(visitors, PACED, (w, i) => save(viaApp[w]!, 1 + rounds * per + i), pause);
        if (options.database === "pglite") {
          for (const v of all) v.agent.destroy();
          await stopKeepingData(server);
          stopped = true;
        }
        bare ??= await bareClient(options.database, database?.url ?? join(server.dataDir, "db"), viaBare, answers, flow);
        if (r === 0) await drive(visitors, 1, (w) => bare!.send(w, 0));
        bareRounds.push(await drive(visitors, per, (w, i) => bare!.send(w, 1 + r * per + i)));
      }
    } finally {
      await bare?.close();
    }
    options.onProfiledWindows?.(windows);
    const app = summary(appRounds);
    const bareRate = summary(bareRounds);
    return {
      database: options.database,
      visitors,
      answersEach: rounds * per,
      app,
      bare: bareRate,
      ratio: app.perSecond / bareRate.perSecond,
      paced: summary([paced]),
    };
  } finally {
    if (!stopped) {
      for (const v of all) v.agent.destroy();
      await stopKeepingData(server);
    }
    await rm(server.dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

/** The app's prepared statement for each (visitor, answer), its parameters worked out before any clock starts, sent by the driver alone. */
async function bareClient(
  driver: "pglite" | "postgres",
  where: string,
  visitors: Visitor[],
  answers: readonly (readonly [string, Answer])[],
  flow: Awaited<ReturnType<typeof careerFlow>>,
) {
  const pool = driver === "postgres" ? new pg.Pool({ connectionString: where, max: POSTGRES_POOL_SIZE }) : null;
  const lite = driver === "pglite" ? await PGlite.create(where) : null;
  // Only to build the statement's text once (ownedBy's subquery); nothing is sent through drizzle.
  const builder = (pool ? drizzlePg({ client: pool }) : drizzlePglite({ client: lite! })) as unknown as Db;
  const query = oneTripQuery(builder, { visitorId: "", customerId: null });
  const params = visitors.map((v) =>
    answers.map(([stepId, value]) =>
      oneTripParams(query, new Date(), {
        sessionId: v.sessionId,
        caller: { visitorId: v.visitorId, customerId: null },
        flow,
        stepId,
        value,
        question: true,
        ipKey: `quiz-answer:ip:${v.ip}`,
        ipLimit: QUIZ_LIMITS.answerPerIp,
        sessionLimit: QUIZ_LIMITS.answerPerSession,
      }),
    ),
  );
  return {
    send: async (w: number, i: number) => {
      const values = params[w]![i]!;
      const rows = pool ? (await pool.query({ name: query.name, text: query.sql, values })).rows : (await lite!.query(query.sql, values)).rows;
      if (Number((rows[0] as { saved: unknown } | undefined)?.saved) !== 1) throw new Error(`bare: not saved (${JSON.stringify(rows[0])})`);
    },
    close: async () => {
      await pool?.end();
      await lite?.close();
    },
  };
}

/** The figures of `npm run bench` (bench/run.ts): PGlite always, PostgreSQL with a URL. */
export async function answerSaveFigures(pgUrl: string | undefined): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const database of ["pglite", "postgres"] as const) {
    const name = database === "postgres" ? "PostgreSQL" : "PGlite";
    const id = (what: string) => `answers:${database}:${what}`;
    const label = (what: string) => `${name}, 200 visitors saving answers: ${what}`;
    if (database === "postgres" && !pgUrl) {
      figures.push(figure("answers", id("ratio"), label("app rate / bare driver rate"), null, "ratio", budget.min(0.5), "skipped: set BENCH_DATABASE_URL"));
      continue;
    }
    const r = await answerSaveBench({ database, pgUrl });
    figures.push(
      figure("answers", id("app-rate"), label("answers saved per second through the app"), r.app.perSecond, "/s"),
      figure("answers", id("bare-rate"), label("the same statement per second, bare driver"), r.bare.perSecond, "/s"),
      figure("answers", id("ratio"), label("app rate / bare driver rate"), r.ratio, "ratio", budget.min(0.5)),
      figure("answers", id("p50"), label("save p50 through the app"), r.app.p50, "ms"),
      figure("answers", id("p99"), label("save p99 through the app"), r.app.p99, "ms", database === "postgres" ? budget.max(50) : null),
      figure("answers", id("bare-p99"), label("statement p99, bare driver"), r.bare.p99, "ms"),
      figure("answers", id("paced-p99"), label(`save p99 at a person's pace (one answer per ${PACE_MS / 1000} s each)`), r.paced.p99, "ms"),
      figure(
        "answers",
        id("errors"),
        label("errors"),
        r.app.errors + r.bare.errors + r.paced.errors,
        "",
        budget.exactly(0),
        r.app.errorSample ?? r.bare.errorSample ?? r.paced.errorSample,
      ),
    );
  }
  return figures;
}

/** With BENCH_CPU_PROF=<dir>: the server's profile of the timed app part, its top frames printed and its stacks folded into <dir>. */
async function profiled(database: "pglite" | "postgres", dir: string) {
  let windows: ProfiledWindow[] = [];
  const before = new Set(await readdir(dir).catch(() => []));
  const r = await answerSaveBench({
    database,
    pgUrl: process.env.BENCH_DATABASE_URL,
    cpuProfDir: dir,
    onProfiledWindows: (w) => (windows = w),
  });
  const written = (await readdir(dir)).filter((f) => f.endsWith(".cpuprofile") && !before.has(f));
  const sizes = await Promise.all(written.map(async (f) => [f, (await stat(join(dir, f))).size] as const));
  const file = join(dir, sizes.sort((a, b) => b[1] - a[1])[0]![0]);
  const profile = await readCpuProfile(file, windows);
  await writeFile(join(dir, `answer-save-${database}.folded`), profile.folded());
  const title = `answer saves, ${database}: the server's CPU profile during the timed rounds (${Math.round(profile.totalMs)} ms sampled)`;
  await writeFile(join(dir, `answer-save-${database}.svg`), flameGraphSvg(profile.folded(), title));
  console.log(`${file}: ${Math.round(profile.totalMs)} ms sampled in the timed part`);
  for (const f of profile.top(25)) console.log(`${(f.share * 100).toFixed(1).padStart(5)} %  ${f.selfMs.toFixed(0).padStart(6)} ms  ${f.frame}`);
  return r;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const databases: ("pglite" | "postgres")[] = process.env.BENCH_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
  const only = process.argv[2] as "pglite" | "postgres" | undefined;
  const dir = process.env.BENCH_CPU_PROF;
  for (const database of only ? [only] : databases) {
    const r = dir ? await profiled(database, dir) : await answerSaveBench({ database, pgUrl: process.env.BENCH_DATABASE_URL });
    console.log(JSON.stringify(r, null, 2));
  }
}
