/**
 * How a command-line tool reaches the app's data (ADR 037): PostgreSQL directly (it has many users);
 * the embedded database through the running app, the one APP_ORIGIN and OPERATOR_TOKEN name or the
 * one that holds the data directory (its lock names its address and operator token); otherwise by
 * opening the directory itself, which locks it. Never two processes on one embedded directory.
 */
import { join } from "node:path";
import { openDatabase, type Database } from "#server/db/client.ts";
import { DataDirInUse, lockHolder } from "#server/db/data-dir-lock.ts";
import { readEnv, type Env } from "#server/env.ts";

export const fail = (lines: string[], code = 2): never => {
  process.stderr.write(`${lines.join("\n")}\n`);
  process.exit(code);
};

/** The app's environment (src/server/env.ts), and whether APP_ORIGIN was named (the app defaults it to localhost:PORT). */
export type ToolEnv = Env & { appOriginNamed: boolean };

export function readToolEnv(source: Record<string, string | undefined> = process.env): ToolEnv {
  const result = readEnv(source);
  if (!result.ok) return fail(result.problems);
  return { ...result.env, appOriginNamed: Boolean(source.APP_ORIGIN?.trim()) };
}

/** A running app a tool asks with the operator token: where it answers, and how the messages name it. */
export type OperatorApp = { origin: string; token: string; named: string };

/**
 * The app a tool asks (ADR 037, 066): the one at APP_ORIGIN when OPERATOR_TOKEN is given (any
 * deployment, also PostgreSQL behind a balancer), else the one that holds this DATA_DIR's embedded
 * database (its lock names its address and token), else none. A token without APP_ORIGIN stops the tool.
 */
export function operatorApp(env: ToolEnv): OperatorApp | null {
  if (env.OPERATOR_TOKEN) {
    if (!env.appOriginNamed) return fail(["OPERATOR_TOKEN is set without APP_ORIGIN: set APP_ORIGIN to the address of the app the token belongs to."]);
    return { origin: env.APP_ORIGIN, token: env.OPERATOR_TOKEN, named: `The app at ${env.APP_ORIGIN} (APP_ORIGIN)` };
  }
  const dataDir = join(env.DATA_DIR, "db");
  const holder = lockHolder(dataDir);
  if (!holder?.app) return null;
  return { origin: holder.app.origin, token: holder.app.operatorToken, named: `The app holding ${dataDir} (process ${holder.pid}) at ${holder.app.origin}` };
}

/**
 * One request to the app with the operator token: its status and JSON body. Stops the tool with a
 * clear message when the app does not answer or refuses the token.
 */
export async function askApp(
  app: OperatorApp,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
): Promise<{ status: number; ok: boolean; json: unknown }> {
  const res = await fetch(new URL(path, app.origin), {
    method,
    headers: { authorization: `Bearer ${app.token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error: unknown) => fail([`${app.named} did not answer: ${String((error as { cause?: unknown }).cause ?? error)}`]));
  const json: unknown = await res.json().catch(() => null);
  if (res.status === 401)
    return fail([
      `${app.named} refused the operator token (401): OPERATOR_TOKEN must be that app's token (its OPERATOR_TOKEN, or the token in its DATA_DIR's lock).`,
    ]);
  return { status: res.status, ok: res.ok, json };
}

/** The message of an answer that is not a success. */
export const refusal = (status: number, json: unknown) =>
  `The app answered ${status}: ${(json as { error?: { message?: string } } | null)?.error?.message ?? "no message"}`;

/** Calls the running app's /api/admin with the operator token; answers the parsed JSON body or fails with the app's message. */
export type AppCall = (method: "GET" | "POST" | "DELETE", path: string, body?: unknown) => Promise<unknown>;

export type Access = { via: "app"; origin: string; call: AppCall } | { via: "database"; database: Database };

export async function reachData(env: ToolEnv): Promise<Access> {
  if (env.DATABASE_URL) return { via: "database", database: await openDatabase({ driver: "postgres", url: env.DATABASE_URL }) };
  const app = operatorApp(env);
  if (app) {
    const call: AppCall = async (method, path, body) => {
      const { status, ok, json } = await askApp(app, method, `/api/admin${path}`, body);
      return ok ? json : fail([refusal(status, json)]);
    };
    return { via: "app", origin: app.origin, call };
  }
  const dataDir = join(env.DATA_DIR, "db");
  try {
    return { via: "database", database: await openDatabase({ driver: "pglite", dataDir }) };
  } catch (error) {
    if (error instanceof DataDirInUse) return fail([error.message]);
    throw error;
  }
}
