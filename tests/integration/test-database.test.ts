import { sql } from "drizzle-orm";
import { stat } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { freshDatabase, PGLITE_TEMPLATE, testPostgresUrl } from "../helpers/test-database.ts";

/**
 * Each test file opens its own embedded database from the template the global setup made: a hundred
 * loads a run, so a load unpacks and zeroes only what the tests use (ADR 034, issue 31). On
 * PostgreSQL the copy is the server's CREATE DATABASE … TEMPLATE, and there is no dump.
 */
describe.runIf(!testPostgresUrl())("a test file's embedded database", () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("is migrated, and holds the app's database alone with 16 MB of shared buffers", async () => {
    type Row = { buffers: string; names: string[]; migrations: number };
    const result: unknown = await database.db.execute(
      sql`select current_setting('shared_buffers') as buffers, (select array_agg(datname::text order by datname) from pg_database) as names, (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
    );
    const { rows } = result as { rows: Row[] };
    expect(rows[0]).toMatchObject({ buffers: "16MB", names: ["postgres"] });
    expect(rows[0]!.migrations).toBeGreaterThan(0);
  });

  it("comes from a dump of under 30 MB (an unslimmed one is 42 MB)", async () => {
    expect((await stat(PGLITE_TEMPLATE)).size).toBeLessThan(30 * 1024 * 1024);
  });
});
