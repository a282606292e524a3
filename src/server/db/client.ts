import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { lockDataDir, type DataDirLock } from "./data-dir-lock.ts";
import { makePrivate, PRIVATE_DIR_MODE } from "./private-files.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`: functions that must run in the caller's transaction take it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  driver: "pglite" | "postgres";
  /** An embedded database opened from a data directory holds its lock (data-dir-lock.ts) until closed. */
  lock?: DataDirLock;
  /**
   * Sends one statement of the hot path by name: node-postgres prepares it once per connection (parsed
   * and planned once, then only its parameters travel); PGlite, in process, runs it as it is. Its
   * rows come as the driver gives them. Logged like every other statement (logQuery).
   */
  executePrepared<Row>(name: string, text: string, params: unknown[]): Promise<Row[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** Connections the app holds to PostgreSQL (bench/answer-save.ts gives its bare client the same). */
export const POSTGRES_POOL_SIZE = 10;

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseOptions = ({ driver: "postgres"; url: string } | { driver: "pglite"; dataDir: string } | { driver: "pglite"; loadDataDir: Blob }) & {
  /** Called with each statement the app sends (tests count round trips with it). */
  logQuery?: (query: string) => void;
};

const loggerOf = (options: DatabaseOptions) => (options.logQuery ? { logQuery: options.logQuery } : undefined);

/** Opens the database and applies every committed migration. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: POSTGRES_POOL_SIZE });
    // An idle connection the server drops (restart, failover, admin shutdown) is reported here; left
    // unhandled it would crash the process. The pool replaces it on the next query.
    pool.on("error", (error) => {
      process.stderr.write(`database: an idle connection was closed by the server (${error.message}); it will be replaced\n`);
    });
    const db = drizzlePg({ client: pool, schema, logger: loggerOf(options) });
    await migratePg(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      driver: "postgres",
      executePrepared: async <Row>(name: string, text: string, params: unknown[]) => {
        options.logQuery?.(text);
        return (await pool.query({ name, text, values: params })).rows as Row[];
      },
      ping: async () => void (await pool.query("select 1")),
      close: () => pool.end(),
    };
  }
  // Throws DataDirInUse when another live process has the directory open.
  const lock = "dataDir" in options ? lockDataDir(options.dataDir) : undefined;
  try {
    if ("dataDir" in options) mkdirSync(options.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    const client = "dataDir" in options ? await PGlite.create(options.dataDir) : await PGlite.create({ loadDataDir: options.loadDataDir });
    const db = drizzlePglite({ client, schema, logger: loggerOf(options) });
    await migratePglite(db, { migrationsFolder });
    // PGlite unpacks a new database's files as 0666: only this user may read them (private-files.ts).
    if ("dataDir" in options) makePrivate(options.dataDir);
    return {
      db: db as unknown as Db,
      driver: "pglite",
      lock,
      executePrepared: async <Row>(_name: string, text: string, params: unknown[]) => {
        options.logQuery?.(text);
        return (await client.query<Row>(text, params)).rows;
      },
      ping: async () => void (await client.query("select 1")),
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
