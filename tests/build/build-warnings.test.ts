import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, createLogger, type Plugin } from "vite";
import { afterAll, expect, it } from "vitest";
import { ssrOutDir } from "../../scripts/vite/ssr-bundle-plugin.ts";

let outDir = "";
afterAll(async () => {
  await Promise.all([outDir, ssrOutDir(outDir)].filter(Boolean).map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * What a busy machine does to `npm start`'s build: a build step that holds the build for longer
 * than Rolldown's 3 s floor, so Rolldown would print its plugin-timing paragraph
 * (https://rolldown.rs/reference/InputOptions.checks#bundlertimings).
 */
const busyMachine: Plugin = {
  name: "test:busy-machine",
  apply: "build",
  buildStart() {
    const until = performance.now() + 3500;
    while (performance.now() < until) Math.sqrt(Math.random());
  },
};

/** A plugin with something real to say, which must still be said. */
const realWarning: Plugin = {
  name: "test:real-warning",
  apply: "build",
  buildEnd() {
    this.warn("a real warning from the build");
  },
};

it("the build prints no plugin-timing paragraph on a busy machine, and still prints real warnings", async () => {
  outDir = await mkdtemp(join(tmpdir(), "pathwise-warnings-"));
  const logger = createLogger("warn");
  const warnings: string[] = [];
  logger.warn = (message) => void warnings.push(message);
  logger.warnOnce = (message) => void warnings.push(message);
  await build({
    configFile: join(process.cwd(), "vite.config.ts"),
    customLogger: logger,
    logLevel: "warn",
    plugins: [busyMachine, realWarning],
    build: { outDir, emptyOutDir: true, rolldownOptions: { input: { flows: join(process.cwd(), "tests/build/flows-entry.ts") } } },
  });
  expect(warnings.filter((w) => w.includes("a real warning from the build"))).toHaveLength(1);
  expect(warnings.filter((w) => w.includes("PLUGIN_TIMINGS"))).toEqual([]);
}, 180_000);
