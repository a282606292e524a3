import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { buildApp } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirInUse, lockPathOf } from "./db/data-dir-lock.ts";
import { privateDataDirWarning } from "./db/private-files.ts";
import { readEnv } from "./env.ts";
import { createMailer } from "./mail/mailer.ts";
import { syncContent } from "./content/sync-content.ts";
import { watchAndPublish } from "./flows/watch-files.ts";
import { systemClock } from "./platform/clock.ts";
import { formatStartProblems, loadAppInputs, type StartProblem } from "./start/load-app-inputs.ts";

function fail(problems: StartProblem[]): never {
  process.stderr.write(`\n${formatStartProblems(problems)}\n\n`);
  process.exit(1);
}

const envResult = readEnv(process.env);
if (!envResult.ok) fail([{ title: "The server cannot start: fix these environment variables.", lines: envResult.problems }]);
const env = envResult.env;

// What this process creates is its user's alone (the database, the mail outbox with its login
// links); the data directory is checked and made private before anything is opened (ADR 051).
const dbDir = join(env.DATA_DIR, "db");
const outboxDir = join(env.DATA_DIR, "mail");
process.umask(0o077);
const exposed = privateDataDirWarning(env.DATA_DIR, [dbDir, lockPathOf(dbDir), outboxDir]);
if (exposed) process.stderr.write(`\n${exposed}\n\n`);

// Content and flows, every problem at once, before the database is opened (src/server/start/load-app-inputs.ts).
const loaded = await loadAppInputs({ contentDir: env.CONTENT_DIR, flowsDir: env.FLOWS_DIR });
if (!loaded.ok) fail(loaded.problems);
const { content, options: contentOptions } = loaded.inputs;

const database = await openDatabase(env.DATABASE_URL ? { driver: "postgres", url: env.DATABASE_URL } : { driver: "pglite", dataDir: dbDir }).catch(
  (error: unknown) => {
    if (error instanceof DataDirInUse) fail([{ title: "The server cannot start: its embedded database is open elsewhere.", lines: [error.message] }]);
    throw error;
  },
);
/**
 * Lets the command-line tools ask this app (ADR 037): OPERATOR_TOKEN, which every process of a
 * deployment shares (ADR 066), else one made for this start; the lock names it to the tools on this
 * machine (src/server/db/data-dir-lock.ts). Staff use their login instead.
 */
const operatorToken = env.OPERATOR_TOKEN ?? randomBytes(32).toString("base64url");
const synced = await syncContent(database.db, content, systemClock.now());
const mailer = createMailer({ from: env.MAIL_FROM, smtpUrl: env.SMTP_URL, outboxDir });
const { version } = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

const app = await buildApp({
  env,
  database,
  mailer,
  clock: systemClock,
  version,
  ...contentOptions,
  distDir: resolve(env.DIST_DIR),
  operatorToken,
});
app.log.info({ synced, flows: contentOptions.flows.map((f) => f.code), database: database.driver, mail: mailer.kind }, "content synced");

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down: finishing requests in flight");
  const timer = setTimeout(() => {
    app.log.error("shutdown took longer than 10 s; exiting");
    process.exit(1);
  }, 10_000);
  timer.unref();
  await app.close();
  mailer.close();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

// In development a saved flow or report template is published like npm run flows:publish does (ADR 066).
if (env.NODE_ENV === "development") {
  const stopWatching = watchAndPublish(app.services, { flowsDir: resolve(env.FLOWS_DIR), contentDir: resolve(env.CONTENT_DIR), log: app.log });
  app.addHook("onClose", async () => stopWatching());
}

const address = await app.listen({ host: env.HOST, port: env.PORT });
database.lock?.announce(address.replace("//0.0.0.0", "//127.0.0.1").replace("//[::]", "//[::1]"), operatorToken);
if (mailer.kind === "outbox") app.log.info(`e-mail goes to the outbox: ${env.APP_ORIGIN}/dev/mail`);
