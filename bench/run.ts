// `npm run bench`: every figure with its budget, printed as a table and written to bench/results.json.
//   --fast         only the quick part (first-screen JavaScript, step change, API throughput), as CI runs it
//   --check        exit 1 when a measured figure misses its budget
//   --out <file>   write the results elsewhere (CI writes to .tmp, never over the committed file)
//   --dist <dir>   measure a build made beforehand (CI's browser-suite build) instead of building into dist/
//   --only <part>  one part alone: api, pages, load, answers, month (the funnel report and the graph
//                  on one seeded month), graph (the graph query alone on that month), payments; its
//                  figures replace the same figures in the results file, the others stay
// The load test on PostgreSQL needs BENCH_DATABASE_URL (a user that may CREATE DATABASE).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { Agent } from "node:http";
import { loadavg } from "node:os";
import { API_LOAD, apiThroughput } from "./api-throughput.ts";
import { budget, figure, figureOfRounds, machine, spreadOf, table, type Figure } from "./figures.ts";
import { baselineBytes } from "./funnel/bundle.ts";
import { measureFirstScreen } from "./funnel/first-screen.ts";
import { measureSlowLoad } from "./funnel/slow-network.ts";
import { lighthousePages } from "./lighthouse.ts";
import { median } from "./rounds.ts";
import { careerFlow, logInFromReceipt, startServer, stopServer, visitorsLoad, walkVisitor } from "./visitors.ts";

const args = process.argv.slice(2);
const fast = args.includes("--fast");
const check = args.includes("--check");
const out = args.includes("--out") ? args[args.indexOf("--out") + 1]! : "bench/results.json";
const prebuilt = args.includes("--dist") ? args[args.indexOf("--dist") + 1] : undefined;
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
const figures: Figure[] = [];
const add = (f: Figure) => {
  figures.push(f);
  console.log(`  ${f.label}: ${f.value === null ? "—" : Math.round(f.value * 100) / 100} ${f.unit}${spreadOf(f)}${f.pass === false ? "  MISS" : ""}`);
};

/** The five pages visitors land on, server-rendered (ADR 039). */
const LANDING = ["/", "/quiz/career_test_green", "/anxiety", "/burnout", "/pricing"] as const;

/** Topic funnels' first pages, and the career test on its generic path. */
const FUNNELS = [
  "/quiz/career_test_green",
  "/anxiety",
  "/burnout",
  "/stress-level",
  "/emotional_intelligence",
  "/work_life",
  "/time-management",
  "/true-calling",
  "/income",
  "/switch",
];

async function apiPart() {
  const { connections, warmUpSeconds, rounds, roundSeconds } = API_LOAD;
  console.log(
    `API throughput (${connections} keep-alive connections; each server in its own process, warmed up ${warmUpSeconds} s, then ${rounds} rounds of ${roundSeconds} s in turns; median of the rounds, ADR 074)`,
  );
  const api = await apiThroughput();
  for (const [name, rps] of api.rows) add(figureOfRounds("api", `rps:${name}`, `${name}, requests/s`, rps, "req/s"));
  add(
    figureOfRounds("api", "catalogue-vs-bare", "catalogue GET / bare Fastify hello-world, median of the rounds' ratios", api.ratios, "ratio", budget.min(0.6)),
  );
}

async function pagesPart() {
  if (prebuilt) console.log(`Starting the app built in ${prebuilt} (PGlite)`);
  else {
    console.log("Building the app and starting it (PGlite)");
    if (spawnSync("npx", ["vite", "build", "--logLevel", "silent"], { stdio: "inherit" }).status !== 0) throw new Error("vite build failed");
  }
  const server = await startServer(prebuilt ? { DIST_DIR: prebuilt } : {});
  try {
    const baseline = await baselineBytes();
    add(figure("first screen", "baseline", "react + react-dom + router + xstate + query bundled alone", baseline / 1024, "KB"));
    let worst = 0;
    for (const path of FUNNELS) {
      const career = path === "/quiz/career_test_green";
      const screen = await measureFirstScreen(server.origin, path, career ? 15 : 0);
      worst = Math.max(worst, screen.jsBytes / baseline);
      add(figure("first screen", `js:${path}`, `${path}: gzipped JS fetched before the load event or the app's start`, screen.jsBytes / 1024, "KB"));
      add(
        figure(
          "first screen",
          `hydrated:${path}`,
          `${path}: the server's HTML hydrated (1) rather than drawn anew (0)`,
          screen.hydrated ? 1 : 0,
          "",
          budget.exactly(1),
        ),
      );
      add(
        figure(
          "first screen",
          `forbidden:${path}`,
          `${path}: Sentry, GTM, yaml or full zod in it`,
          screen.forbidden.length,
          "",
          budget.exactly(0),
          screen.forbidden.join(", ") || undefined,
        ),
      );
      if (career)
        add(
          figure(
            "first screen",
            "step-change",
            "answer → next step painted, median (career test)",
            median(screen.clickToPaint),
            "ms",
            // No budget of its own: an input waits for the next frame whatever the page does, and that
            // wait alone (the floor) is 9.8–12.2 ms here, over issue 31's 10 ms. The step change is held
            // to being in that frame, and to its own work (ADR 042, 2026-12-03).
            null,
            stepChangeNote(screen),
          ),
        );
      if (career) {
        const answered = screen.stepChanges.filter((s) => s.by !== "tap");
        add(
          figure(
            "first screen",
            "step-change-first-frame",
            "answers whose next step is in the first frame after the input (career test)",
            answered.filter((s) => s.framesLate === 0).length / answered.length,
            "share",
            budget.min(0.9),
            `frames late: ${answered.map((s) => s.framesLate).join(" ")}`,
          ),
        );
        add(
          figure(
            "first screen",
            "step-change-in-page",
            "answer → next step in the page, median (career test)",
            median(answered.map((s) => s.committed)),
            "ms",
            budget.max(5),
          ),
        );
      }
    }
    add(figure("first screen", "js-ratio", "first-screen JS / libraries alone, worst funnel", worst, "×", budget.max(1.1)));

    console.log("The landing pages on a phone, throttled for real: DevTools' Slow 4G and a 4× slower CPU");
    for (const path of LANDING) {
      const slow = await measureSlowLoad(server.origin, path);
      add(figure("slow 4G", `fcp:${path}`, `${path}: first contentful paint`, slow.fcpMs, "ms", budget.max(1000)));
      add(
        figure(
          "slow 4G",
          `usable:${path}`,
          `${path}: the app has taken the page over (its button answers)`,
          slow.usableMs,
          "ms",
          null,
          slow.hydrated ? "hydrated" : "drawn anew",
        ),
      );
    }
    if (fast) return;

    console.log("Lighthouse, mobile, simulated throttling, median of 3 runs");
    const agent = new Agent({ keepAlive: true });
    const flow = await careerFlow();
    const atPreCheckout = await walkVisitor(server.origin, agent, flow, 900_001, { until: "complete" });
    const buyer = await walkVisitor(server.origin, agent, flow, 900_002, { until: "paid" });
    // The account as its customer opens it: logged in from the receipt (an unproven session is sent to the login page).
    await logInFromReceipt(buyer.browser, buyer.email);
    agent.destroy();
    // The five pages visitors land on (server-rendered, ADR 039) and the pre-checkout a funnel leads to, held to the
    // same budgets (issue 31); the account, drawn in the browser behind a login, to its own.
    const landing: readonly string[] = [...LANDING, "/pre-checkout"];
    const rows = await lighthousePages([
      ...LANDING.map((path) => ({ name: path, url: `${server.origin}${path}` })),
      { name: "/pre-checkout", url: `${server.origin}/pre-checkout`, cookies: () => atPreCheckout.browser.cookieHeader() },
      { name: "/account", url: `${server.origin}/account`, cookies: () => buyer.browser.cookieHeader() },
    ]);
    for (const r of rows) {
      const lands = landing.includes(r.page);
      if (r.shownPath !== r.page) {
        // The page went elsewhere (the app sent the visitor on): its figures would be another page's.
        add({
          ...figure("lighthouse", `perf:${r.page}`, `${r.page}: performance`, null, "", budget.min(lands ? 98 : 95), `not measured: it showed ${r.shownPath}`),
          pass: false,
        });
        continue;
      }
      add(figure("lighthouse", `perf:${r.page}`, `${r.page}: performance`, r.performance, "", budget.min(lands ? 98 : 95)));
      add(figure("lighthouse", `a11y:${r.page}`, `${r.page}: accessibility`, r.accessibility, "", budget.exactly(100)));
      add(figure("lighthouse", `fcp:${r.page}`, `${r.page}: first contentful paint`, r.fcpMs, "ms", budget.max(lands ? 1000 : 1800)));
      add(figure("lighthouse", `lcp:${r.page}`, `${r.page}: largest contentful paint`, r.lcpMs, "ms", budget.max(lands ? 1500 : 2200)));
      add(figure("lighthouse", `cls:${r.page}`, `${r.page}: cumulative layout shift`, r.cls, "", lands ? budget.exactly(0) : null));
      add(figure("lighthouse", `tbt:${r.page}`, `${r.page}: total blocking time`, r.tbtMs, "ms"));
      add(figure("lighthouse", `unused:${r.page}`, `${r.page}: unused JavaScript`, r.unusedJsKb, "KB"));
      add(figure("lighthouse", `blocking:${r.page}`, `${r.page}: render-blocking requests`, r.renderBlocking, "", lands ? budget.exactly(0) : null));
      add(
        figure(
          "lighthouse",
          `held:${r.page}`,
          `${r.page}: high-priority scripts done before the paint Lighthouse saw`,
          r.highScriptsBeforePaint,
          "",
          lands ? budget.exactly(0) : null,
        ),
      );
    }
  } finally {
    await stopServer(server);
  }
}

async function loadPart() {
  const runs: { label: string; visitors: number; database: "pglite" | "postgres"; instances: number }[] = [
    { label: "500 visitors, PGlite", visitors: 500, database: "pglite", instances: 1 },
    { label: "200 visitors, PostgreSQL", visitors: 200, database: "postgres", instances: 1 },
    { label: "500 visitors, PostgreSQL", visitors: 500, database: "postgres", instances: 1 },
    { label: "500 visitors, PostgreSQL, two app instances", visitors: 500, database: "postgres", instances: 2 },
  ];
  const pgUrl = process.env.BENCH_DATABASE_URL;
  console.log("Visitors: start, every answer, e-mail, checkout, sandbox payment, all at once");
  for (const run of runs) {
    const id = `load:${run.visitors}:${run.database}:${run.instances}`;
    if (run.database === "postgres" && !pgUrl) {
      add(figure("load", `${id}:errors`, `${run.label}: errors`, null, "", budget.exactly(0), "skipped: set BENCH_DATABASE_URL"));
      continue;
    }
    const r = await visitorsLoad({ visitors: run.visitors, database: run.database, instances: run.instances, pgUrl });
    add(figure("load", `${id}:errors`, `${run.label}: errors`, r.errors, "", budget.exactly(0), r.errorSamples[0]));
    add(figure("load", `${id}:paid`, `${run.label}: visitors who paid and got their report`, r.paid, "", budget.exactly(run.visitors)));
    add(figure("load", `${id}:p50`, `${run.label}: answer save p50`, r.answerP50, "ms"));
    // While every visitor also pays and gets a report, answers wait in the front door's line (ADR 040): informational here;
    // the answer save's own budgets are the `answers:*` figures (bench/answer-save.ts, ADR 041).
    add(figure("load", `${id}:p99`, `${run.label}: answer save p99`, r.answerP99, "ms"));
    add(figure("load", `${id}:rate`, `${run.label}: answers saved per second`, r.answersPerSecond, "/s"));
  }
}

async function answersPart() {
  const { answerSaveFigures } = await import("./answer-save.ts");
  console.log(
    "Answer saves: the bare driver's saturated rate beside the app's, in turns; then the app offered half the bare rate in an open loop (ADR 041, 074)",
  );
  for (const f of await answerSaveFigures(process.env.BENCH_DATABASE_URL)) add(f);
}

/** The graph page's budget for a month, in seconds (ADR 063, 2026-12-02). */
const GRAPH_BUDGET_S = 1;

/** A month of a busy funnel: 100,000 visitors (bench/funnel-month.ts). */
const MONTH = 100_000;

/**
 * The graph query (ADR 063) answers the console's graph page: median and spread of five answers.
 * Its budget is the figures page's and the report command's (see ADR 063, 2026-12-02).
 */
async function graphFigures(m: { database: string; visitors: number; events: number }, times: number[]) {
  const { median: mid, spread } = medianAndSpread(times);
  const over = `over ${m.visitors.toLocaleString("en-US")} visitors, ${m.events.toLocaleString("en-US")} events`;
  add(figure("funnel graph", `graph:month:${m.database}`, `${m.database}: graph ${over}, median of ${times.length}`, mid, "s", budget.max(GRAPH_BUDGET_S)));
  add(
    figure(
      "funnel graph",
      `graph:month:${m.database}:spread`,
      `${m.database}: graph, slowest − fastest of ${times.length}`,
      spread,
      "s",
      null,
      times.map((t) => t.toFixed(2)).join(", "),
    ),
  );
}

async function monthPart() {
  const { graphSeconds, onFunnelMonth, reportSeconds } = await import("./funnel-month.ts");
  console.log(`Funnel report and graph on a month of ${MONTH.toLocaleString("en-US")} visitors (npm run funnel:report, the graph page)`);
  for (const r of await onFunnelMonth(MONTH, async (m) => ({ ...m, report: await reportSeconds(m), graph: await graphSeconds(m) }))) {
    add(
      figure(
        "funnel report",
        `month:${r.database}`,
        `${r.database}: report over ${r.visitors.toLocaleString("en-US")} visitors, ${r.events.toLocaleString("en-US")} events`,
        r.report,
        "s",
        budget.max(10),
      ),
    );
    await graphFigures(r, r.graph);
  }
}

async function graphPart() {
  const { graphSeconds, onFunnelMonth } = await import("./funnel-month.ts");
  console.log(`Funnel graph on a month of ${MONTH.toLocaleString("en-US")} visitors (GET /api/admin/funnels/{code}/graph)`);
  for (const r of await onFunnelMonth(MONTH, async (m) => ({ ...m, graph: await graphSeconds(m) }))) await graphFigures(r, r.graph);
}

async function paymentsPart() {
  const { paymentsBench } = await import("./payments.ts");
  console.log("Payment notifications (400 Maxpay callbacks, 8 at a time)");
  const { rows } = await paymentsBench();
  for (const r of rows) {
    add(figure("payments", `pay:${r.database}:rate`, `${r.database}: notifications processed per second`, r.perSecond, "/s"));
    add(figure("payments", `pay:${r.database}:p99`, `${r.database}: p99 notification → entitlement`, r.p99, "ms"));
    add(figure("payments", `pay:${r.database}:errors`, `${r.database}: errors`, r.errors, "", budget.exactly(0)));
  }
}

const PARTS: Record<string, () => Promise<void>> = {
  api: apiPart,
  pages: pagesPart,
  load: loadPart,
  answers: answersPart,
  month: monthPart,
  graph: graphPart,
  payments: paymentsPart,
};

if (only !== undefined) {
  const part = PARTS[only];
  if (!part) {
    console.error(`--only takes one of: ${Object.keys(PARTS).join(", ")}`);
    process.exit(2);
  }
  await part();
} else {
  await apiPart();
  await pagesPart();
  if (!fast) {
    await loadPart();
    await answersPart();
    await monthPart();
    await paymentsPart();
  }
}

await writeFile(out, `${JSON.stringify(only === undefined ? { machine: machine(), fast, figures } : await mergedInto(out), null, 2)}\n`);
console.log(`\n${table(figures)}\n\nwritten to ${out}`);
const missed = figures.filter((f) => f.pass === false);
console.log(
  missed.length > 0 ? `${missed.length} figure(s) miss their budget: ${missed.map((f) => f.id).join(", ")}` : "every measured figure meets its budget",
);
if (check && missed.length > 0) process.exit(1);

/**
 * The results file with one part's figures put in: each replaces the figure of the same id (or
 * comes after the last of its group), noted with the day and machine it was measured on alone.
 */
async function mergedInto(file: string) {
  const before = existsSync(file) ? (JSON.parse(await readFile(file, "utf8")) as { machine: unknown; fast: boolean; figures: Figure[] }) : null;
  const merged = [...(before?.figures ?? [])];
  const m = machine();
  for (const f of figures) {
    const alone = {
      ...f,
      note: [f.note, `measured alone (--only ${only}) on ${m.at.slice(0, 10)}, ${m.cpus} × ${m.cpu}, load average ${loadavg()[0]!.toFixed(1)}`]
        .filter(Boolean)
        .join("; "),
    };
    const at = merged.findIndex((g) => g.id === f.id);
    const lastOfGroup = merged.map((g) => g.group).lastIndexOf(f.group);
    if (at >= 0) merged[at] = alone;
    else merged.splice(lastOfGroup >= 0 ? lastOfGroup + 1 : merged.length, 0, alone);
  }
  return { machine: before?.machine ?? m, fast: before?.fast ?? false, figures: merged };
}

/** The middle of a few timings, and how far apart the slowest and the fastest are. */
function medianAndSpread(times: number[]) {
  return { median: median(times), spread: Math.max(...times) - Math.min(...times) };
}

/** What the step-change figure is made of, and the least the same measure gives on a page that does nothing (ADR 042). */
function stepChangeNote(screen: Awaited<ReturnType<typeof measureFirstScreen>>): string {
  const own = screen.stepChanges.filter((s) => s.by !== "tap");
  const ms = (values: number[]) => `${median(values).toFixed(1)} ms`;
  const timed = own.map((s) => s.eventTiming).filter((v): v is number => v !== null);
  return [
    `in the page after ${ms(own.map((s) => s.committed))}`,
    `floor ${ms(screen.stepChangeFloor)}`,
    `Event Timing to presentation ${timed.length > own.length / 2 ? ms(own.map((s) => s.eventTiming ?? 0)) : "< 16 ms"}`,
  ].join("; ");
}
