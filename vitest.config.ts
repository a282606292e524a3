import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

// isolate: false in every project: a worker keeps its modules between test files instead of
// re-importing the app (and re-creating happy-dom) for each; on this 2-core machine that took the
// README's test command from about 13 minutes to under 5. Each file still builds its own app,
// database and DOM state, and cleans up in afterAll/afterEach.
export default defineConfig({
  test: {
    projects: [
      mergeConfig(viteConfig, {
        test: {
          name: "unit",
          globals: false,
          environment: "happy-dom",
          include: ["src/**/*.test.{ts,tsx}", "schemas/**/*.test.ts"],
          setupFiles: ["src/web/test/setup.ts"],
          isolate: false,
          // Two files at a time on a 2-core machine (Vitest's default there is one): 53 → 34 s.
          maxWorkers: 2,
          // These tests drive React in happy-dom through user-event: a walk through a whole tool takes
          // 1.2 s alone, so about 30 s at load 50 on 2 cores (25 times slower, ADR 070). A test ends
          // when its steps are done; this bound only stops a hung one.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      }),
      {
        test: {
          name: "integration",
          globals: false,
          environment: "node",
          include: ["tests/integration/**/*.test.ts"],
          pool: "forks",
          isolate: false,
          // Each file has its own database, so files run side by side: two at a time on the embedded
          // database (CPU-bound), three on PostgreSQL (the workers mostly wait on the server).
          // Vitest's default on a 2-core machine would be one.
          maxWorkers: process.env.TEST_DATABASE_URL ? 3 : 2,
          // A project with its own maxWorkers runs as its own group (Vitest refuses two in one group).
          sequence: { groupOrder: 1 },
          // Waits inside the tests are for real conditions (a row written, a server answering); these
          // bounds only stop a test that hangs, sized for load 50 on two cores (ADR 070). A hook that
          // opens a database from the template and syncs the content takes a few seconds on a quiet
          // machine and minutes at that load; one that starts a server up to SERVER_START_MS
          // (tests/helpers/waits.ts).
          testTimeout: 120_000,
          hookTimeout: 600_000,
          fileParallelism: true,
          globalSetup: "tests/integration/global-setup.ts",
        },
      },
      {
        test: {
          name: "build",
          sequence: { groupOrder: 2 },
          globals: false,
          environment: "node",
          include: [
            "tests/flows/**/*.test.ts",
            "tests/build/**/*.test.ts",
            "tests/reports/**/*.test.ts",
            "tests/content/**/*.test.ts",
            "tests/lint/**/*.test.ts",
            "tests/docs/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          pool: "forks",
          isolate: false,
          // Two files at a time, as the unit project: 81 → 56 s on a 2-core machine.
          maxWorkers: 2,
          // Builds and whole-flow walks: a bound for a hung test on a busy machine, not a speed target.
          testTimeout: 120_000,
          // Setup (a template built for many answer sets) passed Vitest's 10 s default for hooks on a
          // busy machine: sized for load 50 as the integration project's (ADR 070), for a hung hook only.
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
