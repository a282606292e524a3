// Adds up Vitest and Playwright JSON reports and prints "N passed, N failed" as the last line.
// Extra arguments that are not files name steps that failed without a report (counted as failures).
import { existsSync, readFileSync } from "node:fs";

/** The first line of a failure message, so the summary says what broke where CI keeps only the tail. */
const firstLine = (message) =>
  String(message ?? "")
    .split("\n")[0]
    .slice(0, 300);

/** Playwright's failed tests as "file › title", from its nested suites. */
function failedSpecs(suites) {
  const out = [];
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) if (!spec.ok) out.push(`${spec.file} › ${spec.title}`);
    out.push(...failedSpecs(suite.suites ?? []));
  }
  return out;
}

let passed = 0;
let failed = 0;
for (const arg of process.argv.slice(2)) {
  if (!arg.endsWith(".json")) {
    console.log(`step failed: ${arg}`);
    continue;
  }
  if (!existsSync(arg)) {
    console.log(`no report: ${arg}`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(arg, "utf8"));
  if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    console.log(`${arg}: ${report.stats.expected} passed, ${report.stats.unexpected} failed`);
    for (const name of failedSpecs(report.suites ?? [])) console.log(`  failed: ${name}`);
  } else {
    const suiteFailures = report.testResults.filter((r) => r.status === "failed" && r.assertionResults.length === 0).length;
    passed += report.numPassedTests;
    failed += report.numFailedTests + suiteFailures;
    console.log(`${arg}: ${report.numPassedTests} passed, ${report.numFailedTests + suiteFailures} failed`);
    for (const file of report.testResults.filter((r) => r.status === "failed")) {
      const tests = file.assertionResults.filter((a) => a.status === "failed");
      if (tests.length === 0) console.log(`  failed: ${file.name}: ${firstLine(file.message)}`);
      for (const t of tests) console.log(`  failed: ${file.name} › ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
    }
  }
}
const stepFailures = process.argv.slice(2).filter((a) => !a.endsWith(".json")).length;
if (stepFailures > 0 && failed === 0) failed = stepFailures;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || stepFailures > 0 ? 1 : 0);
