import { spawn, spawnSync } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { baselineBytes } from "./bundle.ts";
import { measureFirstScreen } from "./first-screen.ts";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2 : NaN;
};

/** Builds the app, serves it with the real server on a free port, and measures the first quiz screen. */
export async function funnelBench() {
  const built = spawnSync("npx", ["vite", "build", "--logLevel", "silent"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("vite build failed");
  const port = 4390 + Math.floor(Math.random() * 200);
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), "pathwise-funnel-bench-"));
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "silent", APP_ORIGIN: origin, RENEWALS_INTERVAL_SECONDS: "0" },
    stdio: "ignore",
  });
  try {
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${origin}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const baseline = await baselineBytes();
    const screen = await measureFirstScreen(origin);
    return {
      baseline,
      ...screen,
      ratio: screen.jsBytes / baseline,
      target: 1.1,
      clickMedian: median(screen.clickToPaint),
      tapMedian: median(screen.tapToPaint),
    };
  } finally {
    server.kill("SIGTERM");
  }
}
