import { PGlite } from "@electric-sql/pglite";
import { mkdir, writeFile } from "node:fs/promises";
import pg from "pg";
import { openDatabase } from "#server/db/client.ts";
import { PGLITE_TEMPLATE, POSTGRES_TEMPLATE_DB, testPostgresUrl } from "../helpers/test-database.ts";

/**
 * Every test file loads this dump (tests/helpers/test-database.ts), a hundred times a run, so it keeps
 * only what a load needs (ADR 034, issue 31): 16 MB of shared buffers, which PostgreSQL zeroes at each
 * start (128 MB was the largest part of a load), the app's own database without template0 and
 * template1 (15 of 42 MB, 800 files unpacked for nothing: no test creates a database on PGlite), and a
 * checkpoint, so a load replays no log.
 */
async function slimTemplate(client: PGlite): Promise<void> {
  await client.exec("alter system set shared_buffers = '16MB'");
  for (const name of ["template0", "template1"]) {
    await client.exec(`alter database ${name} is_template false`);
    await client.exec(`drop database ${name}`);
  }
  await client.exec("checkpoint");
}

/**
 * Migrates one template database before any test runs; each test file then starts from a copy
 * (PGlite: a data-dir dump, slimmed; PostgreSQL: CREATE DATABASE … TEMPLATE, milliseconds).
 */
export default async function setup(): Promise<void> {
  const adminUrl = testPostgresUrl();
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${POSTGRES_TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${POSTGRES_TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${POSTGRES_TEMPLATE_DB}`;
    const template = await openDatabase({ driver: "postgres", url: url.toString() });
    await template.close();
    return;
  }
  const client = await PGlite.create("memory://");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const { migrationsFolder } = await import("#server/db/client.ts");
  await migrate(drizzle({ client }), { migrationsFolder });
  await slimTemplate(client);
  const dump = await client.dumpDataDir("none");
  await client.close();
  await mkdir(new URL(".", PGLITE_TEMPLATE), { recursive: true });
  await writeFile(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
}
