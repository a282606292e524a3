/**
 * How a command-line tool reaches the app's data (ADR 037): PostgreSQL directly (it has many users);
 * the embedded database through the running app when it holds the data directory (its lock names
 * its address and operator token); otherwise by opening the directory itself, which locks it. Never
 * two processes on one embedded directory.
 */
import { join } from "node:path";
import { openDatabase, type Database } from "#server/db/client.ts";
import { DataDirInUse, lockHolder } from "#server/db/data-dir-lock.ts";
import { readEnv, type Env } from "#server/env.ts";

export const fail = (lines: string[], code = 2): never => {
  process.stderr.write(`${lines.join("\n")}\n`);
  process.exit(code);
};

export function readToolEnv(): Env {
  const result = readEnv(process.env);
  if (!result.ok) return fail(result.problems);
  return result.env;
}

/** Calls the running app's /api/admin with the operator token; answers the parsed JSON body or fails with the app's message. */
export type AppCall = (method: "GET" | "POST" | "DELETE", path: string, body?: unknown) => Promise<unknown>;

export type Access = { via: "app"; origin: string; call: AppCall } | { via: "database"; database: Database };

/** The running app that holds this data directory's embedded database: its address, operator token and process, or null. */
export function runningApp(env: Env): { origin: string; operatorToken: string; pid: number; dataDir: string } | null {
  const dataDir = join(env.DATA_DIR, "db");
  const holder = lockHolder(dataDir);
  return holder?.app ? { ...holder.app, pid: holder.pid, dataDir } : null;
}

export async function reachData(env: Env): Promise<Access> {
  if (env.DATABASE_URL) return { via: "database", database: await openDatabase({ driver: "postgres", url: env.DATABASE_URL }) };
  const dataDir = join(env.DATA_DIR, "db");
  const holder = lockHolder(dataDir);
  if (holder?.app) {
    const { origin, operatorToken } = holder.app;
    const call: AppCall = async (method, path, body) => {
      const res = await fetch(new URL(`/api/admin${path}`, origin), {
        method,
        headers: { authorization: `Bearer ${operatorToken}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).catch((error: unknown) => fail([`The app holding ${dataDir} (process ${holder.pid}) did not answer at ${origin}: ${String(error)}`]));
      const json = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      if (!res.ok) return fail([`The app answered ${res.status}: ${json?.error?.message ?? res.statusText}`]);
      return json;
    };
    return { via: "app", origin, call };
  }
  try {
    return { via: "database", database: await openDatabase({ driver: "pglite", dataDir }) };
  } catch (error) {
    if (error instanceof DataDirInUse) return fail([error.message]);
    throw error;
  }
}
