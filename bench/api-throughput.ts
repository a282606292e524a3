import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { load, type LoadResult } from "./load.ts";

/** Starts a server script in its own process (so the load generator does not share its core). */
async function startServer(script: string): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, ["--import", "tsx", script], { stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { port: Number(line), stop: () => child.kill("SIGTERM") };
}

async function measure(script: string, path: string): Promise<LoadResult> {
  const server = await startServer(script);
  try {
    const url = `http://127.0.0.1:${server.port}${path}`;
    await load(url, { connections: 16, seconds: 2 }); // warm-up
    return await load(url, { connections: 16, seconds: 6 });
  } finally {
    server.stop();
  }
}

export async function apiThroughput() {
  const bare = await measure("bench/servers/bare-fastify.ts", "/hello");
  const catalog = await measure("bench/servers/api.ts", "/api/info-data-catalog/list");
  const ratio = catalog.rps / bare.rps;
  return {
    rows: [
      ["bare Fastify GET /hello", bare],
      ["GET /api/info-data-catalog/list", catalog],
    ] as const,
    ratio,
    target: 0.6,
  };
}
