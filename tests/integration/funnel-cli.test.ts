import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FunnelReportView } from "#schemas/api/admin-funnels.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { lockPathOf } from "#server/db/data-dir-lock.ts";
import { readFlows } from "#server/flows/read-flows.ts";
import { freePort } from "../helpers/free-port.ts";
import { runScript } from "../helpers/run-script.ts";
import { SERVER_START_MS, until } from "../helpers/waits.ts";

/**
 * `npm run funnel:report` on the embedded database while the app runs (docs/analytics.md): it asks
 * the app (its lock names the address and the operator token) and sees a visitor who just arrived;
 * a second app on the same data directory stops with a clear message; a killed app's lock is taken
 * over; with no app running the command opens the directory itself. The real server and the real
 * command, as child processes.
 */
let dataDir: string;
let flow: CompiledFlow;
let app: { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> } | null = null;

/** The environment of a child: the embedded database in the test's data directory, nothing inherited that could point elsewhere. */
const childEnv = (port: number) => ({
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? "",
  NODE_ENV: "development",
  HOST: "127.0.0.1",
  PORT: String(port),
  APP_ORIGIN: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
});

function startApp(port: number) {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: process.cwd(),
    env: childEnv(port),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

async function waitForHealth(port: number, running: { child: ChildProcess; output: () => string }) {
  const answers = () =>
    fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  const started = async () => {
    if (running.child.exitCode !== null) throw new Error(`the app exited (${running.child.exitCode}):\n${running.output()}`);
    return answers();
  };
  await until("the app to start", started, { timeout: SERVER_START_MS, interval: 100, detail: () => `:\n${running.output()}` });
}

/** Runs `scripts/funnel-report.ts` as `npm run funnel:report` does, against the test's data directory. */
const funnelReport = (args: string[]) => runScript("scripts/funnel-report.ts", args, childEnv(0));

const reportJson = async () => {
  const run = await funnelReport(["--flow", flow.code, "--json"]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as FunnelReportView;
};

beforeAll(async () => {
  const flows = await readFlows(join(process.cwd(), "flows"));
  if (!flows.ok) throw new Error("the flows are broken");
  flow = flows.flows[0]!;
  dataDir = await mkdtemp(join(tmpdir(), "pathwise-funnel-cli-"));
  app = startApp(await freePort());
  await waitForHealth(app.port, app);
}, SERVER_START_MS + 10_000);

afterAll(async () => {
  if (app && app.child.exitCode === null && app.child.signalCode === null) {
    app.child.kill("SIGKILL");
    await app.exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe("npm run funnel:report on the embedded database", () => {
  it("asks the running app and sees the visitor who just arrived", async () => {
    const origin = `http://127.0.0.1:${app!.port}`;
    const started = await fetch(`${origin}/api/quiz/sessions`, {
      method: "POST",
      headers: { origin, "content-type": "application/json" },
      body: JSON.stringify({ flow_code: flow.code, flow_hash: flow.hash }),
    });
    expect(started.status).toBe(201);
    const { id } = ((await started.json()) as { data: { id: string } }).data;
    const view = await fetch(`${origin}/api/quiz/sessions/${id}/events`, {
      method: "POST",
      headers: {
        origin,
        "content-type": "application/json",
        cookie: started.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; "),
      },
      body: JSON.stringify({ type: "view", step_id: flow.steps[0]!.id }),
    });
    expect(view.status).toBe(202);

    const report = await reportJson();
    expect(report.flow.code).toBe(flow.code);
    expect(report.visitors).toBe(1);
    expect(report.steps[0]).toMatchObject({ id: flow.steps[0]!.id, saw: 1, droppedOff: 1 });
    // The app's refusal reaches the terminal as it said it.
    const wrong = await funnelReport(["--flow", flow.code, "--variant-of", "no-such-experiment"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(`The app answered 400: ${flow.code} has no experiment "no-such-experiment"; its experiments:`);
    // The app stays the only process on its directory: it still answers.
    expect((await fetch(`${origin}/api/health`)).ok).toBe(true);
  }, 180_000);

  it(
    "a second app on the same data directory stops with a clear message",
    async () => {
      const second = startApp(await freePort());
      const code = await second.exited;
      expect(code).not.toBe(0);
      expect(second.output()).toContain(`is in use by process ${app!.child.pid}`);
    },
    SERVER_START_MS,
  );

  it(
    "after the app is killed, a new one takes the stale lock over; with no app running the command opens the directory itself",
    async () => {
      app!.child.kill("SIGKILL");
      await app!.exited;
      expect(existsSync(lockPathOf(join(dataDir, "db")))).toBe(true);
      app = startApp(await freePort());
      await waitForHealth(app.port, app);
      app.child.kill("SIGTERM");
      expect(await app.exited).toBe(0);
      expect(existsSync(lockPathOf(join(dataDir, "db")))).toBe(false);

      const report = await reportJson();
      expect(report.visitors).toBe(1);
      // It let the directory go when it finished.
      expect(existsSync(lockPathOf(join(dataDir, "db")))).toBe(false);
    },
    SERVER_START_MS + 60_000,
  );
});
