import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { Database } from "../../src/server/db/client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { freshDatabase } from "./test-database.ts";

/**
 * For a round-trip test file: an app on its own database, with the server fixture flows, that
 * records every SQL statement it sends (`queries`, in order). Started before the file's tests and
 * closed after them.
 */
export function appWithQueryLog(): { app: () => TestApp; queries: string[] } {
  let t: TestApp | undefined;
  let database: Database | undefined;
  const queries: string[] = [];
  beforeAll(async () => {
    database = await freshDatabase({ logQuery: (query) => queries.push(query) });
    t = await createTestApp({ database, flows: { dir: join(process.cwd(), "tests/fixtures/flows"), only: /^server-.*\.yaml$/ } });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });
  return { app: () => t!, queries };
}
