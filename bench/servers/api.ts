// The real API on a fresh embedded database with the real content, for benchmarks.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "#server/app.ts";
import { readContent } from "#server/content/read-content.ts";
import { syncContent } from "#server/content/sync-content.ts";
import { openDatabase } from "#server/db/client.ts";
import { readEnv } from "#server/env.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { systemClock } from "#server/platform/clock.ts";

const dataDir = await mkdtemp(join(tmpdir(), "pathwise-bench-"));
const parsed = readEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DATABASE_URL: process.env.DATABASE_URL });
if (!parsed.ok) throw new Error(parsed.problems.join("; "));
const env = parsed.env;
const database = env.DATABASE_URL
  ? await openDatabase({ driver: "postgres", url: env.DATABASE_URL })
  : await openDatabase({ driver: "pglite", dataDir: join(dataDir, "db") });
const content = await readContent(join(process.cwd(), "content"));
if (!content.ok) throw new Error("content is broken");
await syncContent(database.db, content.content, new Date());
const mailer = createMailer({ from: env.MAIL_FROM, outboxDir: join(dataDir, "mail") });
const app = await buildApp({ env, database, mailer, clock: systemClock, logger: false });
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
