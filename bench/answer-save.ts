// Answer saves through the app beside the same SQL sent by a bare driver (issue 21, ADR 041,
// amended for issue 31). Per database, in one run:
//   saturation: 200 visitors through the real server (its own process; each visitor its own
//         keep-alive connection and address), each sending its next answer as soon as the last is
//         saved, and the prepared statement the app's one-trip save sends (oneTripQuery, its
//         parameters worked out before the clock starts) for 200 other real sessions, by the driver
//         alone at the same concurrency: node-postgres with the app's pool size (POSTGRES_POOL_SIZE),
//         by the same name; PGlite in this process, on a copy of the app's database taken while the
//         app was stopped (the app's directory is locked while it runs). Both warmed up, then in
//         rounds, in turns (bench/rounds.ts, ADR 074): the bare driver's saturated rate, the app's,
//         and each round's ratio;
//   half load: the app offered half the bare driver's saturated rate (the median of its rounds) in
//         an open loop: each save starts on a fixed schedule whatever the earlier ones are doing, and
//         its latency counts from its scheduled start, so a server that stalls shows it (no
//         coordinated omission). A few rounds; each round's p50 and p99.
// `npx tsx bench/answer-save.ts` runs PGlite, and PostgreSQL too with BENCH_DATABASE_URL;
// BENCH_CPU_PROF=<dir> writes a CPU profile of the server during the app's saturated rounds, its
// folded stacks and a flame graph (bench/cpu-profile.ts).
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { cp, readdir, rm, stat, writeFile } from "node:fs/promises";
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
import { budget, figure, figureOfRounds, type Figure } from "./figures.ts";
import { inTurns, median, perRoundRatios } from "./rounds.ts";
import { Browser, careerFlow, startServer, type Server } from "./visitors.ts";

export type Rate = { answers: number; seconds: number; perSecond: number; p50: number; p99: number; errors: number; errorSample?: string };
export type AnswerSaveResult = {
  database: "pglite" | "postgres";
  visitors: number;
  /** Saturated, in turns: each round of the bare driver and of the app, and each round's app / bare. */
  bare: Rate[];
  app: Rate[];
  ratios: number[];
  /** Half the median of the bare driver's rounds, offered to the app in an open loop: each round. */
  offered: number;
  halfLoad: Rate[];
};

type Visitor = { browser: Browser; agent: Agent; ip: string; sessionId: string; visitorId: string };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Saturated rounds of each side, and the answers each visitor saves in one. */
const SATURATED = { rounds: 3, answersEach: 9 } as const;
/** Half-load rounds: how many, and how long each offers saves. */
const HALF_LOAD = { rounds: 3, seconds: 3 } as const;

type Timed = { latencies: number[]; errors: string[]; seconds: number };

/** Latency and error of one call, into `into`; `from` is when it counts from. */
async function timed(into: Timed, from: number, call: () => Promise<void>) {
  try {
    await call();
    into.latencies.push(performance.now() - from);
  } catch (error) {
    into.errors.push(error instanceof Error ? error.message : String(error));
  }
}

/** A closed loop: `workers` loops at once, each `count` calls of `call(worker, i)`, each sent as the last returns. */
async function drive(workers: number, count: number, call: (worker: number, i: number) => Promise<void>): Promise<Timed> {
  const out: Timed = { latencies: [], errors: [], seconds: 0 };
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; i < count; i++) await timed(out, performance.now(), () => call(w, i));
    }),
  );
  out.seconds = (performance.now() - t0) / 1000;
  return out;
}

/**
 * An open loop: `perSecond × seconds` calls of `call(k)`, the k-th started at k / perSecond s
 * whether or not the earlier ones have returned; latency counts from that scheduled start.
 */
async function offer(perSecond: number, seconds: number, call: (k: number) => Promise<void>): Promise<Timed> {
  const out: Timed = { latencies: [], errors: [], seconds: 0 };
  const inFlight: Promise<void>[] = [];
  const t0 = performance.now();
  for (let k = 0; k < Math.round(perSecond * seconds); k++) {
    const due = t0 + (k * 1000) / perSecond;
    if (due - performance.now() >= 1) await sleep(due - performance.now());
    inFlight.push(timed(out, due, () => call(k)));
  }
  await Promise.all(inFlight);
  out.seconds = (performance.now() - t0) / 1000;
  return out;
}

function rate(r: Timed): Rate {
  const latencies = [...r.latencies].sort((a, b) => a - b);
  return {
    answers: latencies.length,
    seconds: r.seconds,
    perSecond: latencies.length / r.seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: r.errors.length,
    ...(r.errors[0] ? { errorSample: r.errors[0] } : {}),
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

/** `count` visitors numbered from `from`, started 50 at a time. */
async function newVisitors(origin: string, flow: { code: string; hash: string }, from: number, count: number, run: number) {
  const all: Visitor[] = [];
  for (let n = 0; n < count; n += 50)
    all.push(...(await Promise.all(Array.from({ length: Math.min(50, count - n) }, (_, k) => newVisitor(origin, flow, from + n + k, run)))));
  return all;
}

/** Stops the server and waits for it to exit, keeping its data directory (stopServer removes it). */
async function stopKeepingData(server: Server) {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
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
  /** A folder for a CPU profile of the server process (bench/cpu-prof-preload.ts). */
  cpuProfDir?: string;
  onProfiledWindows?: (windows: ProfiledWindow[]) => void;
}): Promise<AnswerSaveResult> {
  const visitors = options.visitors ?? 200;
  const { flow, answers } = await questions();
  const run = 1 + Math.floor(Math.random() * 200);
  const database = options.database === "postgres" ? await freshPostgres(options.pgUrl!) : null;
  const env: Record<string, string> = {
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...(options.cpuProfDir
      ? { NODE_OPTIONS: `--import tsx --import ${join(import.meta.dirname, "cpu-prof-preload.ts")}`, CPU_PROF_DIR: options.cpuProfDir }
      : {}),
  };
  let server = await startServer(env).catch(async (error: unknown) => {
    await database?.drop();
    throw error;
  });
  const dataDir = server.dataDir;
  const bareDir = `${dataDir}-bare`;
  const all: Visitor[] = [];
  let bare: Awaited<ReturnType<typeof bareClient>> | null = null;
  try {
    // The bare driver's visitors are started through the API too: real sessions, fresh, so every save inserts.
    const viaBare = await newVisitors(server.origin, flow, 0, visitors, run);
    all.push(...viaBare);
    if (options.database === "pglite") {
      // The bare PGlite works on a copy of the app's database, taken while the app is stopped, so both can take turns.
      await stopKeepingData(server);
      await cp(join(dataDir, "db"), bareDir, { recursive: true });
      server = await startServer({ ...env, DATA_DIR: dataDir });
    }
    bare = await bareClient(options.database, database?.url ?? bareDir, viaBare, answers, flow);
    const viaApp = await newVisitors(server.origin, flow, visitors, visitors, run);
    all.push(...viaApp);

    const save = (v: Visitor, i: number) => async () => {
      const [stepId, value] = answers[i]!;
      const res = await v.browser.send("POST", `/api/quiz/sessions/${v.sessionId}/answers`, { step_id: stepId, value, flow_hash: flow.hash });
      if (res.status !== 200) throw new Error(`answer: ${res.status} ${res.text.slice(0, 160)}`);
    };
    // Warm-up, not counted: one answer each, on both sides.
    await drive(visitors, 1, (w) => save(viaApp[w]!, 0)());
    await drive(visitors, 1, (w) => bare!.send(w, 0));
    const windows: ProfiledWindow[] = [];
    const round = { app: 0, bare: 0 };
    const { answersEach } = SATURATED;
    const saturated = await inTurns(SATURATED.rounds, {
      bare: async () => {
        const r = round.bare++;
        return drive(visitors, answersEach, (w, i) => bare!.send(w, 1 + r * answersEach + i));
      },
      app: async () => {
        const r = round.app++;
        const fromUs = monotonicUs();
        const t = await drive(visitors, answersEach, (w, i) => save(viaApp[w]!, 1 + r * answersEach + i)());
        windows.push({ fromUs, toUs: monotonicUs() });
        return t;
      },
    });
    options.onProfiledWindows?.(windows);
    const bareRates = saturated.bare.map(rate);
    const appRates = saturated.app.map(rate);

    // Half the bare driver's saturated rate, offered in an open loop to fresh visitors, each
    // answering every question once (the first to warm its connection, not counted).
    const offered = median(bareRates.map((r) => r.perSecond)) / 2;
    const saves = Math.ceil(offered * HALF_LOAD.seconds) * HALF_LOAD.rounds;
    const viaOpen = await newVisitors(server.origin, flow, 2 * visitors, Math.ceil(saves / (answers.length - 1)), run);
    all.push(...viaOpen);
    await drive(viaOpen.length, 1, (w) => save(viaOpen[w]!, 0)());
    let k0 = 0;
    const halfLoad: Rate[] = [];
    for (let r = 0; r < HALF_LOAD.rounds; r++) {
      const t = await offer(offered, HALF_LOAD.seconds, (k) => save(viaOpen[(k0 + k) % viaOpen.length]!, 1 + Math.floor((k0 + k) / viaOpen.length))());
      k0 += Math.round(offered * HALF_LOAD.seconds);
      halfLoad.push(rate(t));
    }
    return {
      database: options.database,
      visitors,
      bare: bareRates,
      app: appRates,
      ratios: perRoundRatios(
        appRates.map((r) => r.perSecond),
        bareRates.map((r) => r.perSecond),
      ),
      offered,
      halfLoad,
    };
  } finally {
    await bare?.close();
    for (const v of all) v.agent.destroy();
    await stopKeepingData(server);
    for (const dir of new Set([dataDir, server.dataDir])) await rm(dir, { recursive: true, force: true });
    await rm(bareDir, { recursive: true, force: true });
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

/** The figures of `npm run bench` (bench/run.ts): PGlite always, PostgreSQL with a URL; budgets of ADR 041 as amended for issue 31. */
export async function answerSaveFigures(pgUrl: string | undefined): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const database of ["pglite", "postgres"] as const) {
    const name = database === "postgres" ? "PostgreSQL" : "PGlite";
    const id = (what: string) => `answers:${database}:${what}`;
    const label = (what: string) => `${name}, answer saves: ${what}`;
    if (database === "postgres" && !pgUrl) {
      const skipped = "skipped: set BENCH_DATABASE_URL";
      figures.push(
        figure("answers", id("ratio"), label("app / bare driver, saturated"), null, "ratio", budget.min(0.5), skipped),
        figure("answers", id("p99"), label("p99 through the app at half the bare driver's rate"), null, "ms", budget.max(50), skipped),
      );
      continue;
    }
    const r = await answerSaveBench({ database, pgUrl });
    const saturated = `${r.visitors} visitors, each answer sent as the last is saved`;
    const each = (rates: Rate[], key: keyof Rate) => rates.map((x) => Number(x[key]));
    const errors = [...r.bare, ...r.app, ...r.halfLoad];
    figures.push(
      figureOfRounds("answers", id("bare-rate"), label(`bare driver, saturated (${saturated})`), each(r.bare, "perSecond"), "/s"),
      figureOfRounds("answers", id("app-rate"), label(`through the app, saturated (${saturated})`), each(r.app, "perSecond"), "/s"),
      figureOfRounds("answers", id("ratio"), label("app / bare driver, saturated, median of the rounds' ratios"), r.ratios, "ratio", budget.min(0.5)),
      figure("answers", id("offered"), label("offered at half load: half the bare driver's saturated rate, open loop"), r.offered, "/s"),
      figureOfRounds(
        "answers",
        id("p99"),
        label("p99 through the app at half the bare driver's rate, from each save's scheduled start"),
        each(r.halfLoad, "p99"),
        "ms",
        budget.max(50),
        `saved ${Math.round(median(each(r.halfLoad, "perSecond")))}/s of ${Math.round(r.offered)}/s offered`,
      ),
      figureOfRounds("answers", id("p50"), label("p50 through the app at half the bare driver's rate"), each(r.halfLoad, "p50"), "ms"),
      figure(
        "answers",
        id("errors"),
        label("errors"),
        errors.reduce((sum, x) => sum + x.errors, 0),
        "",
        budget.exactly(0),
        errors.find((x) => x.errorSample)?.errorSample,
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
