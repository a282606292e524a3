import { PGlite } from "@electric-sql/pglite";
import { mkdir, writeFile } from "node:fs/promises";
import pg from "pg";
import { openDatabase } from "#server/db/client.ts";
import { PGLITE_TEMPLATE, POSTGRES_TEMPLATE_DB, testPostgresUrl } from "../helpers/test-database.ts";

/**
 * Migrates one template database before any test runs; each test file then starts from a copy
 * (PGlite: a data-dir dump, 0.5 s; PostgreSQL: CREATE DATABASE … TEMPLATE, milliseconds).
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
  const dump = await client.dumpDataDir("none");
  await client.close();
  await mkdir(new URL(".", PGLITE_TEMPLATE), { recursive: true });
  await writeFile(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
}
