import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { load } from "./load.ts";
import { inTurns, perRoundRatios } from "./rounds.ts";

/** Keep-alive connections per server; each server warmed up alone, then measured in short rounds, in turns (ADR 074). */
export const API_LOAD = { connections: 16, warmUpSeconds: 2, rounds: 7, roundSeconds: 2 } as const;

type Started = { port: number; stop: () => void };

/** Starts a server script in its own process (so the load generator does not share its core). */
async function startServer(script: string): Promise<Started> {
  const child = spawn(process.execPath, ["--import", "tsx", script], { stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { port: Number(line), stop: () => child.kill("SIGTERM") };
}

/** One side: requests/s of `path` on `server` over `seconds`. */
function side(server: Started, path: string) {
  return async (seconds: number) => (await load(`http://127.0.0.1:${server.port}${path}`, { connections: API_LOAD.connections, seconds })).rps;
}

/**
 * The catalogue GET beside a bare Fastify hello-world, both running at once, each in its own
 * process: both warmed up, then measured in turns (bench/rounds.ts); each round's requests/s per
 * side, and each round's ratio of the two.
 */
export async function apiThroughput() {
  const bare = await startServer("bench/servers/bare-fastify.ts");
  const catalog = await startServer("bench/servers/api.ts").catch((error: unknown) => {
    bare.stop();
    throw error;
  });
  try {
    const hello = side(bare, "/hello");
    const list = side(catalog, "/api/info-data-catalog/list");
    await hello(API_LOAD.warmUpSeconds);
    await list(API_LOAD.warmUpSeconds);
    const measured = await inTurns(API_LOAD.rounds, { bare: () => hello(API_LOAD.roundSeconds), catalog: () => list(API_LOAD.roundSeconds) });
    return {
      rows: [
        ["bare Fastify GET /hello", measured.bare],
        ["GET /api/info-data-catalog/list", measured.catalog],
      ] as const,
      /** Each round's catalogue / bare. */
      ratios: perRoundRatios(measured.catalog, measured.bare),
    };
  } finally {
    bare.stop();
    catalog.stop();
  }
}
