import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { freshDatabase, testPostgresUrl } from "../helpers/test-database.ts";
import { UNTIL_MS } from "../helpers/waits.ts";

const onPostgres = testPostgresUrl() !== undefined;

describe.runIf(onPostgres)("PostgreSQL connections the server drops", () => {
  const databaseAt = freshDatabase();
  afterAll(async () => (await databaseAt).close());

  it("an idle connection terminated by the server does not crash the process, and the next query works", async () => {
    const database = await databaseAt;
    await database.ping();
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const result: unknown = await database.db.execute(sql`select current_database() as name`);
    const name = (result as { rows: { name: string }[] }).rows[0]!.name;
    const admin = new pg.Client({ connectionString: testPostgresUrl() });
    await admin.connect();
    const killed = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    await vi.waitFor(() => expect(stderr.mock.calls.some(([line]) => String(line).includes("idle connection was closed"))).toBe(true), {
      timeout: UNTIL_MS,
    });
    stderr.mockRestore();
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
