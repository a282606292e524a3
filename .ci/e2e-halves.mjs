#!/usr/bin/env node
// The browser suite's parts (two by default), balanced by how long each spec file took (ADR 034).
//
//   node .ci/e2e-halves.mjs <part> [<parts>]      the spec files of part 1…<parts> (default 2), one per line
//   node .ci/e2e-halves.mjs --record <report.json>…  rewrites .ci/e2e-durations.json from Playwright JSON reports
//
// The files come from tests/e2e/*.spec.ts as they are on disk; the durations file only weighs them.
// A spec file it does not know yet weighs the median, so a new file is always run. Whole files go to
// one half (a file's tests run in order); the longest go first, each to the lighter half.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const DIR = "tests/e2e";
const DURATIONS = ".ci/e2e-durations.json";

const specs = () =>
  readdirSync(DIR)
    .filter((f) => f.endsWith(".spec.ts"))
    .sort();

function readDurations() {
  try {
    return JSON.parse(readFileSync(DURATIONS, "utf8"));
  } catch {
    return {};
  }
}

function record(reports) {
  const seconds = {};
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) for (const result of test.results ?? []) seconds[here] = (seconds[here] ?? 0) + result.duration / 1000;
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const path of reports) for (const suite of JSON.parse(readFileSync(path, "utf8")).suites ?? []) walk(suite, suite.file);
  const rounded = Object.fromEntries(
    Object.entries(seconds)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, s]) => [file, Math.round(s)]),
  );
  writeFileSync(DURATIONS, `${JSON.stringify(rounded, null, 2)}\n`);
  console.log(`${DURATIONS}: ${Object.keys(rounded).length} spec files`);
}

function split(parts) {
  const known = readDurations();
  const values = Object.values(known).sort((a, b) => a - b);
  const median = values.length > 0 ? values[Math.floor(values.length / 2)] : 30;
  const weighed = specs()
    .map((file) => ({ file, seconds: known[file] ?? median }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const out = Array.from({ length: parts }, () => ({ files: [], seconds: 0 }));
  for (const spec of weighed) {
    const lighter = out.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    lighter.files.push(spec.file);
    lighter.seconds += spec.seconds;
  }
  return out;
}

const [arg, ...rest] = process.argv.slice(2);
const parts = Number(rest[0] ?? 2);
if (arg === "--record") record(rest);
else if (Number.isInteger(parts) && parts >= 1 && /^[1-9]$/.test(arg ?? "") && Number(arg) <= parts) {
  const part = split(parts)[Number(arg) - 1];
  console.error(`e2e part ${arg} of ${parts}: ${part.files.length} files, about ${Math.round(part.seconds)} s by the last measured run`);
  for (const file of part.files.sort()) console.log(join(DIR, file));
} else {
  console.error("usage: node .ci/e2e-halves.mjs <part> [<parts>] | --record <playwright-report.json>…");
  process.exit(2);
}
