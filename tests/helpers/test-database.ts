import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { openDatabase, type Database } from "#server/db/client.ts";

export const PGLITE_TEMPLATE = new URL("../../.tmp/pglite-template.tar", import.meta.url);
/** TEST_TEMPLATE_DB lets two suites share one PostgreSQL server at once. */
export const POSTGRES_TEMPLATE_DB = process.env.TEST_TEMPLATE_DB || "pathwise_test_template";

/** Set TEST_DATABASE_URL (a database whose user may CREATE DATABASE) to run the suite on PostgreSQL. */
export const testPostgresUrl = () => process.env.TEST_DATABASE_URL || undefined;

/** The PGlite template, read once per worker: a worker keeps its modules between files (isolate: false), and a load only reads the Blob. */
let pgliteTemplate: Promise<Blob> | undefined;

/** A fresh, migrated, empty database for one test file. */
export async function freshDatabase(options: { logQuery?: (query: string) => void } = {}): Promise<Database> {
  const adminUrl = testPostgresUrl();
  if (!adminUrl) {
    pgliteTemplate ??= readFile(PGLITE_TEMPLATE).then((dump) => new Blob([dump]));
    return openDatabase({ driver: "pglite", loadDataDir: await pgliteTemplate, ...options });
  }
  const name = `pathwise_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE_DB}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: "postgres", url: url.toString(), ...options });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // FORCE may not end a backend of another role: an autovacuum worker on the new database makes
      // a non-superuser's drop fail with 42501 for a moment (seen in CI). Wait for it and retry.
      // (Imported here, in a test's hook: the global setup imports this file outside a test.)
      const { until } = await import("./waits.ts");
      const dropped = async () => {
        try {
          await cleanup.query(`drop database if exists ${name} with (force)`);
          return true;
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code !== "42501" && code !== "55006") throw error;
          return false;
        }
      };
      await until(`the test database ${name} to be dropped`, dropped, { interval: 250 });
      await cleanup.end();
    },
  };
}
