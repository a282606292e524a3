// What a step change costs the browser, in counts that do not move with the machine's load: the
// same answers as the step-change figure (bench/funnel/step-change.ts), under a Chromium trace, and
// for each: the elements styled, the objects laid out, the paints and the image decodes from the
// input to the frame that shows the next step, and in the quarter second after it (ADR 042).
//
//   node --import tsx bench/step-change-trace.ts <origin | built dist dir> [--answers 15] [--why] [--out file]
//
// Given a folder (a `vite build --outDir` output), it starts the server on it (embedded database);
// `--why` adds Chromium's invalidation tracking and prints which elements were restyled and why;
// `--out` keeps the whole trace (open it in DevTools' Performance panel).
import { writeFile } from "node:fs/promises";
import { chromium } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "#tests/e2e/chromium.ts";
import { median } from "./rounds.ts";
import { startServer, stopServer, type Server } from "./visitors.ts";
import { domChangesIn, logDomChanges, stepChangeWindows, type DomChanges } from "./funnel/dom-changes.ts";
import { countFrameWork, pageThread, traceCategories, type FrameCounts, type TraceEvent } from "./funnel/frame-trace.ts";
import { measureStepChanges, type StepChangeSample } from "./funnel/step-change.ts";

/** How long after the frame the page's follow-up work is counted (the focus move, transitions), in ms. */
const AFTER_MS = 250;

/** One step change: what the page's code changed in the document, and what the browser did, in its frame and after it. */
export type TracedStepChange = { by: StepChangeSample["by"]; dom: DomChanges; frame: FrameCounts; after: FrameCounts };

/** Answers `answers` questions of the career test under a trace; the counts of each step change. */
export async function traceStepChanges(origin: string, answers = 15, options: { why?: boolean; out?: string } = {}): Promise<TracedStepChange[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await page.goto(`${origin}/quiz/career_test_green`, { waitUntil: "load" });
    await page.waitForFunction(() => {
      const root = document.getElementById("root");
      return root?.hasAttribute("data-hydrated") || root?.hasAttribute("data-rendered");
    });
    await page.getByRole("button", { name: "Decline all" }).click();
    await page.locator("main form button[type=submit]").click();
    await logDomChanges(page);
    await browser.startTracing(page, { categories: traceCategories(options.why) });
    const samples = await measureStepChanges(page, answers);
    const dom = await domChangesIn(page, await stepChangeWindows(page));
    // The last step change's follow-up work, inside the trace too.
    await page.waitForTimeout(AFTER_MS);
    const buffer = await browser.stopTracing();
    if (options.out) await writeFile(options.out, buffer);
    const events = (JSON.parse(buffer.toString("utf8")) as { traceEvents: TraceEvent[] }).traceEvents;
    const thread = pageThread(events, "step-change");
    // One "step-change" mark per sample, at its end (the frame's work done), in the page's order.
    const marks = events.filter((e) => e.name === "step-change" && e.cat.includes("blink.user_timing") && e.pid === thread.pid).sort((a, b) => a.ts - b.ts);
    if (marks.length !== samples.length) throw new Error(`${marks.length} step-change marks for ${samples.length} samples`);
    // Before each answer, a mark: the follow-up of a step change is counted until the next answer begins.
    const nexts = events.filter((e) => e.name === "step-change-next" && e.cat.includes("blink.user_timing") && e.pid === thread.pid).map((e) => e.ts);
    return samples.map((sample, i) => {
      const end = marks[i]!.ts;
      const next = Math.min(...nexts.filter((ts) => ts > end), Infinity);
      return {
        by: sample.by,
        dom: dom[i]!,
        frame: countFrameWork(events, thread, { from: end - sample.painted * 1000, to: end }),
        after: countFrameWork(events, thread, { from: end, to: Math.min(end + AFTER_MS * 1000, next) }),
      };
    });
  } finally {
    await browser.close();
  }
}

const COLUMNS = ["styled", "recalcs", "laidOut", "layoutObjects", "layouts", "paints", "decodes"] as const;
const DOM_COLUMNS = ["added", "removed", "attributes", "texts"] as const;

/** The medians of the Continue answers (the step-change figure's samples; taps include the 180 ms confirmation). */
export function medians(changes: TracedStepChange[], part: "frame" | "after" | "dom"): Record<string, number> {
  const own = changes.filter((c) => c.by !== "tap");
  const columns: readonly string[] = part === "dom" ? DOM_COLUMNS : COLUMNS;
  return Object.fromEntries(columns.map((c) => [c, median(own.map((s) => (s[part] as Record<string, number>)[c]!))]));
}

async function main() {
  const args = process.argv.slice(2);
  const target = args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
  if (!target) throw new Error("usage: step-change-trace.ts <origin | built dist dir> [--answers 15] [--why] [--out file]");
  const answers = args.includes("--answers") ? Number(args[args.indexOf("--answers") + 1]) : 15;
  const out = args.includes("--out") ? args[args.indexOf("--out") + 1] : undefined;
  const why = args.includes("--why");
  let server: Server | undefined;
  const origin = /^https?:/.test(target) ? target : (server = await startServer({ DIST_DIR: target })).origin;
  try {
    const changes = await traceStepChanges(origin, answers, { why, out });
    console.log(["by", "part", ...COLUMNS, "| nodes added", "removed", "attributes", "texts"].join("\t"));
    for (const c of changes)
      for (const part of ["frame", "after"] as const)
        console.log(
          [c.by, part, ...COLUMNS.map((k) => Math.round(c[part][k])), ...(part === "frame" ? ["|", ...DOM_COLUMNS.map((k) => c.dom[k])] : [])].join("\t"),
        );
    console.log("median of the Continue answers, what the page changed in the document from the input to the frame drawn:", medians(changes, "dom"));
    for (const part of ["frame", "after"] as const)
      console.log(`median of the Continue answers, ${part === "frame" ? "input → frame drawn" : `${AFTER_MS} ms after it`}:`, medians(changes, part));
    const added = (part: "frame" | "after", field: "why" | "painted") => {
      const all: Record<string, number> = {};
      for (const c of changes.filter((c) => c.by !== "tap")) for (const [k, n] of Object.entries(c[part][field])) all[k] = (all[k] ?? 0) + n;
      return Object.entries(all).sort((a, b) => b[1] - a[1]);
    };
    for (const part of ["frame", "after"] as const) {
      console.log(`layers painted, ${part === "frame" ? "in the step changes' frames" : "after them"} (Continue answers, all added up):`);
      for (const [k, n] of added(part, "painted")) console.log(`  ${n}\t${k}`);
      if (!why) continue;
      console.log(`elements invalidated, and why (Continue answers, all added up, ${part}):`);
      for (const [k, n] of added(part, "why")) console.log(`  ${n}\t${k}`);
    }
  } finally {
    if (server) await stopServer(server);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
