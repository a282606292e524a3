import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { buildApp } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirInUse } from "./db/data-dir-lock.ts";
import { readEnv } from "./env.ts";
import { createMailer } from "./mail/mailer.ts";
import { readContent } from "./content/read-content.ts";
import { syncContent } from "./content/sync-content.ts";
import { formatProblem } from "../engine/yaml/parse-located.ts";
import { readFlows } from "./flows/read-flows.ts";
import { readCoaching } from "./content/coaching.ts";
import { readRenewalReminders } from "./content/renewal-reminders.ts";
import { readCareerToolkit } from "./content/career-toolkit.ts";
import { reportLibrary } from "./content/report-library.ts";
import { readReportTemplates } from "./reports/read-report-templates.ts";
import { checkPromises } from "../engine/report/check-promises.ts";
import { checkImages } from "../engine/flow/check-images.ts";
import { systemClock } from "./services/clock.ts";

function fail(title: string, lines: string[]): never {
  process.stderr.write(`\n${title}\n${lines.map((l) => `  - ${l}`).join("\n")}\n\n`);
  process.exit(1);
}

const envResult = readEnv(process.env);
if (!envResult.ok) fail("The server cannot start: fix these environment variables.", envResult.problems);
const env = envResult.env;

const contentDir = resolve(env.CONTENT_DIR);
if (!existsSync(contentDir)) fail("The server cannot start: fix these environment variables.", [`CONTENT_DIR: ${contentDir} does not exist`]);
const content = await readContent(contentDir);
if (!content.ok) fail("The server cannot start: fix these content files.", content.problems.map(formatProblem));

const flowsDir = resolve(env.FLOWS_DIR);
if (!existsSync(flowsDir)) fail("The server cannot start: fix these environment variables.", [`FLOWS_DIR: ${flowsDir} does not exist`]);
const flows = await readFlows(flowsDir);
if (!flows.ok) fail("The server cannot start: fix these flow files.", flows.problems.map(formatProblem));

const database = await openDatabase(
  env.DATABASE_URL ? { driver: "postgres", url: env.DATABASE_URL } : { driver: "pglite", dataDir: join(env.DATA_DIR, "db") },
).catch((error: unknown) => {
  if (error instanceof DataDirInUse) fail("The server cannot start: its embedded database is open elsewhere.", [error.message]);
  throw error;
});
/** Lets the command-line tools on this machine ask this app (data-dir-lock.ts); staff use their login instead. */
const operatorToken = randomBytes(32).toString("base64url");
const synced = await syncContent(database.db, content.content, systemClock.now());
const mailer = createMailer({ from: env.MAIL_FROM, smtpUrl: env.SMTP_URL, outboxDir: join(env.DATA_DIR, "mail") });
const { version } = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

const library = reportLibrary(content.content);
const templates = await readReportTemplates(join(contentDir, "reports"), flows.flows, library);
if (!templates.ok) fail("The server cannot start: fix these report templates.", templates.problems.map(formatProblem));
const sections = new Map([...templates.templates].map(([code, t]) => [code, t.sections]));
const flowTexts = new Map(await Promise.all(flows.flows.map(async (f) => [f.file, await readFile(resolve(f.file), "utf8").catch(() => "")] as const)));
const broken = checkPromises(flows.flows, sections, flowTexts);
if (broken.length > 0) fail("The server cannot start: a funnel promises what its report does not deliver.", broken.map(formatProblem));
// A picture a funnel or its home-page card shows must be in CONTENT_DIR/images: never a broken image.
const missingPictures = checkImages(flows.flows, await readdir(join(contentDir, "images")).catch(() => []), flowTexts);
if (missingPictures.length > 0) fail("The server cannot start: a funnel shows a picture that is not there.", missingPictures.map(formatProblem));

const careerToolkit = await readCareerToolkit(join(contentDir, "career-toolkit", "career-toolkit.yaml"), library);
if (!careerToolkit.ok) fail("The server cannot start: fix the career toolkit.", careerToolkit.problems.map(formatProblem));

const coaching = await readCoaching(join(contentDir, "coaching", "coaching.yaml"));
if (!coaching.ok) fail("The server cannot start: fix the coaching file.", coaching.problems.map(formatProblem));

const renewalReminders = await readRenewalReminders(join(contentDir, "billing", "renewal-reminders.yaml"));
if (!renewalReminders.ok) fail("The server cannot start: fix the renewal reminders file.", renewalReminders.problems.map(formatProblem));

const app = await buildApp({
  env,
  database,
  mailer,
  clock: systemClock,
  version,
  flows: flows.flows,
  reports: { templates: templates.templates, library },
  careerToolkit: careerToolkit.value,
  coaching: coaching.value,
  renewalReminders: renewalReminders.value,
  imagesDir: join(contentDir, "images"),
  distDir: resolve(env.DIST_DIR),
  operatorToken,
});
app.log.info({ synced, flows: flows.flows.map((f) => f.code), database: database.driver, mail: mailer.kind }, "content synced");

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

const address = await app.listen({ host: env.HOST, port: env.PORT });
database.lock?.announce(address.replace("//0.0.0.0", "//127.0.0.1").replace("//[::]", "//[::1]"), operatorToken);
if (mailer.kind === "outbox") app.log.info(`e-mail goes to the outbox: ${env.APP_ORIGIN}/dev/mail`);
