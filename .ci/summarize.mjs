// Adds up Vitest and Playwright JSON reports and prints "N passed, N failed" as the last line.
// Extra arguments that are not files name steps that failed without a report (counted as failures).
import { existsSync, readFileSync } from "node:fs";

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
  } else {
    const suiteFailures = report.testResults.filter((r) => r.status === "failed" && r.assertionResults.length === 0).length;
    passed += report.numPassedTests;
    failed += report.numFailedTests + suiteFailures;
    console.log(`${arg}: ${report.numPassedTests} passed, ${report.numFailedTests + suiteFailures} failed`);
  }
}
const stepFailures = process.argv.slice(2).filter((a) => !a.endsWith(".json")).length;
if (stepFailures > 0 && failed === 0) failed = stepFailures;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || stepFailures > 0 ? 1 : 0);
