/**
 * The growth team's funnel report (docs/analytics.md):
 *   npm run funnel:report -- --flow career_test_green --since 7d --variant-of result_page --html report.html
 * Works while the app runs (scripts/lib/operate.ts): on PostgreSQL (DATABASE_URL) it reads the
 * database directly; on the embedded database it asks the running app for the report
 * (GET /api/admin/funnels/:code/report with the operator token) and, when no app holds the data
 * directory, opens it itself (locked while it reads). The text, HTML and JSON are rendered here.
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { funnelReportResponse } from "#schemas/api/admin-funnels.ts";
import { formatProblem } from "#engine/yaml/parse-located.ts";
import { analyzeFunnelTables } from "#server/analytics/funnel-queries.ts";
import type { FunnelReport } from "#server/analytics/funnel-report.ts";
import { funnelReportInWords } from "#server/analytics/funnel-service.ts";
import { renderFunnelHtml } from "#server/analytics/render/render-funnel-html.ts";
import { renderFunnelText } from "#server/analytics/render/render-funnel-text.ts";
import { parseReportArgs, USAGE } from "#server/analytics/report-args.ts";
import { experimentProblem, splitParams } from "#server/analytics/report-query.ts";
import type { Database } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import { readFlows } from "#server/flows/read-flows.ts";
import { fail, reachData, readToolEnv, type AppCall } from "./lib/operate.ts";

const parsed = parseReportArgs(process.argv.slice(2), new Date());
if (!parsed.ok) fail([...parsed.problems, "", USAGE]);
const { query, html, json } = (parsed as Extract<typeof parsed, { ok: true }>).value;

/** The running app's report (it checks the flow and the experiment against the flows it has loaded). */
async function askApp(call: AppCall): Promise<FunnelReport> {
  const params = new URLSearchParams({ since: query.since.toISOString(), until: query.until.toISOString(), ...splitParams(query) });
  const answer = funnelReportResponse.safeParse(await call("GET", `/funnels/${encodeURIComponent(query.flow)}/report?${params}`));
  if (!answer.success) return fail([`The app's report is not in the expected shape: ${answer.error.issues[0]?.message ?? "unknown"}`]);
  return answer.data.data;
}

/** The report from the database itself, with the flow read from FLOWS_DIR. */
async function readDatabase(env: Env, database: Database): Promise<FunnelReport> {
  const flows = await readFlows(resolve(env.FLOWS_DIR));
  if (!flows.ok) return fail(flows.problems.map(formatProblem));
  const flow = flows.flows.find((f) => f.code === query.flow);
  if (!flow) return fail([`no flow with code "${query.flow}" in ${env.FLOWS_DIR}`, `flows: ${flows.flows.map((f) => f.code).join(", ")}`]);
  const problem = experimentProblem(flow, query.groupBy) ?? experimentProblem(flow, query.thenBy ?? null);
  if (problem) return fail([problem]);
  // An embedded database has no autovacuum to keep the planner's statistics current.
  if (database.driver === "pglite") await analyzeFunnelTables(database.db);
  return funnelReportInWords(database.db, flow, query);
}

const env = readToolEnv();
const access = await reachData(env);
let report: FunnelReport;
if (access.via === "app") report = await askApp(access.call);
else {
  try {
    report = await readDatabase(env, access.database);
  } finally {
    await access.database.close();
  }
}
process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : renderFunnelText(report));
if (html) {
  writeFileSync(html, renderFunnelHtml(report));
  process.stderr.write(`wrote ${html}\n`);
}
