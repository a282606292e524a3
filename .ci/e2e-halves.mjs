#!/usr/bin/env node
// The browser suite's two halves, balanced by how long each spec file took (ADR 034).
//
//   node .ci/e2e-halves.mjs 1|2                    the spec files of half 1 or 2, one per line
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

function halves() {
  const known = readDurations();
  const values = Object.values(known).sort((a, b) => a - b);
  const median = values.length > 0 ? values[Math.floor(values.length / 2)] : 30;
  const weighed = specs()
    .map((file) => ({ file, seconds: known[file] ?? median }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const out = [
    { files: [], seconds: 0 },
    { files: [], seconds: 0 },
  ];
  for (const spec of weighed) {
    const lighter = out[0].seconds <= out[1].seconds ? out[0] : out[1];
    lighter.files.push(spec.file);
    lighter.seconds += spec.seconds;
  }
  return out;
}

const [arg, ...rest] = process.argv.slice(2);
if (arg === "--record") record(rest);
else if (arg === "1" || arg === "2") {
  const half = halves()[Number(arg) - 1];
  console.error(`e2e half ${arg}: ${half.files.length} files, about ${Math.round(half.seconds)} s by the last measured run`);
  for (const file of half.files.sort()) console.log(join(DIR, file));
} else {
  console.error("usage: node .ci/e2e-halves.mjs 1|2 | --record <playwright-report.json>…");
  process.exit(2);
}
