/**
 * `npm run validate`: every check CI makes before a change lands, the independent ones side by side
 * (ADR 072): the type check, the lint, the tests, the Storybook build and the app build at once, then
 * the browser suite on that build. Each part's output is printed when it ends; the last lines say
 * which parts failed, and the exit code is 1 if any did.
 */
import { runParts, summary, type Part } from "./lib/run-parts.ts";

const PARTS: Part[] = [
  { name: "typecheck", command: "npm run typecheck" },
  { name: "lint", command: "npm run lint" },
  { name: "tests", command: "npm test" },
  { name: "storybook build", command: "npm run storybook:build" },
  { name: "app build", command: "npm run build" },
  // The suite's server serves the build above instead of building its own into the same dist/.
  { name: "e2e", command: "npm run test:e2e", after: ["app build"], env: { E2E_PREBUILT_DIST: "dist" } },
];

const result = summary(await runParts(PARTS));
process.stdout.write(result.text);
process.exitCode = result.ok ? 0 : 1;
