import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { Database } from "#server/db/client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { freshDatabase } from "./test-database.ts";

/**
 * The background jobs' polls (reports to build; mail, conversions and lead follow-ups to send), which run on their own
 * clock: not a call's statements.
 */
const BACKGROUND = /\b(report_requests|mail_outbox|conversion_outbox|lead_follow_ups)\b/;

/**
 * For a round-trip test file: an app on its own database, with the server fixture flows, that
 * records every SQL statement it sends (`queries`, in order) apart from the background jobs' polls
 * (one landing during a counted call made the count one too many on a busy CI machine). Started
 * before the file's tests and closed after them.
 */
export function appWithQueryLog(): { app: () => TestApp; queries: string[] } {
  let t: TestApp | undefined;
  let database: Database | undefined;
  const queries: string[] = [];
  beforeAll(async () => {
    database = await freshDatabase({ logQuery: (query) => void (BACKGROUND.test(query) || queries.push(query)) });
    t = await createTestApp({ database, flows: { dir: join(process.cwd(), "tests/fixtures/flows"), only: /^server-.*\.yaml$/ } });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });
  return { app: () => t!, queries };
}
