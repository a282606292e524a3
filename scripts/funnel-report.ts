/**
 * The growth team's funnel report (docs/analytics.md):
 *   npm run funnel:report -- --flow career_test_green --since 7d --variant-of result_page --html report.html
 * Reads the database the app uses (DATABASE_URL, or the embedded one in DATA_DIR: stop the app
 * first, an embedded database has one user at a time) and the flows in FLOWS_DIR.
 */
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Text } from "../schemas/flow/text.ts";
import { formatProblem } from "../src/engine/yaml/parse-located.ts";
import { analyzeFunnelTables } from "../src/server/analytics/funnel-queries.ts";
import { funnelReport } from "../src/server/analytics/funnel-report.ts";
import { renderFunnelHtml } from "../src/server/analytics/render-funnel-html.ts";
import { renderFunnelText } from "../src/server/analytics/render-funnel-text.ts";
import { parseReportArgs, USAGE } from "../src/server/analytics/report-args.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { catalogEntries } from "../src/server/db/schema.ts";
import { readEnv } from "../src/server/env.ts";
import { readFlows } from "../src/server/flows/read-flows.ts";

const fail = (lines: string[], code = 2): never => {
  process.stderr.write(`${lines.join("\n")}\n`);
  process.exit(code);
};

const parsed = parseReportArgs(process.argv.slice(2), new Date());
if (!parsed.ok) fail([...parsed.problems, "", USAGE]);
const { query, html, json } = (parsed as Extract<typeof parsed, { ok: true }>).value;

const envResult = readEnv(process.env);
if (!envResult.ok) fail(envResult.problems);
const env = (envResult as Extract<typeof envResult, { ok: true }>).env;
const flows = await readFlows(resolve(env.FLOWS_DIR));
if (!flows.ok) fail(flows.problems.map(formatProblem));
const flow = (flows as Extract<typeof flows, { ok: true }>).flows.find((f) => f.code === query.flow);
if (!flow)
  fail([
    `no flow with code "${query.flow}" in ${env.FLOWS_DIR}`,
    `flows: ${(flows as Extract<typeof flows, { ok: true }>).flows.map((f) => f.code).join(", ")}`,
  ]);
if (query.groupBy && "experiment" in query.groupBy && !flow!.experiments.some((e) => e.id === (query.groupBy as { experiment: string }).experiment)) {
  fail([`${query.flow} has no experiment "${query.groupBy.experiment}"; its experiments: ${flow!.experiments.map((e) => e.id).join(", ") || "none"}`]);
}

const database = await openDatabase(env.DATABASE_URL ? { driver: "postgres", url: env.DATABASE_URL } : { driver: "pglite", dataDir: join(env.DATA_DIR, "db") });
try {
  // An embedded database has no autovacuum to keep the planner's statistics current.
  if (database.driver === "pglite") await analyzeFunnelTables(database.db);
  const catalog = new Map((await database.db.select().from(catalogEntries)).map((e) => [e.code, e.text]));
  const words = (t: Text) => (typeof t === "string" ? t : (catalog.get(t.code) ?? t.code));
  const report = await funnelReport(database.db, flow!, query, words);
  process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : renderFunnelText(report));
  if (html) {
    writeFileSync(html, renderFunnelHtml(report));
    process.stderr.write(`wrote ${html}\n`);
  }
} finally {
  await database.close();
}
