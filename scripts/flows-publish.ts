/**
 * Publishes flows and report templates to the running app (ADR 066, docs/flows.md "Publishing"):
 *   npm run flows:publish                      every flows/*.yaml (or FLOWS_DIR) and their report templates
 *   npm run flows:publish -- flows/career.yaml content/reports/career_riasec/report.yaml
 * The app checks them as flows:check does; one problem refuses them all and nothing changes.
 * Otherwise each changed file is live for new visitors when this returns; visitors mid-quiz keep
 * their version, and every other process of the app makes it live within FLOW_VERSIONS_POLL_SECONDS.
 * Reaches the app at APP_ORIGIN with OPERATOR_TOKEN when given (any deployment), else the app that
 * holds DATA_DIR, with the token in its lock (scripts/lib/operate.ts).
 */
import { readFile } from "node:fs/promises";
import { relative, resolve, sep } from "node:path";
import { publishRefused, publishResult } from "#schemas/api/admin-flows.ts";
import { readFlowFiles } from "#server/flows/read-flows.ts";
import { formatProblem } from "#engine/yaml/parse-located.ts";
import { askApp, fail, operatorApp, readToolEnv, refusal } from "./lib/operate.ts";

const env = readToolEnv();
const app =
  operatorApp(env) ??
  fail([
    env.appOriginNamed
      ? `APP_ORIGIN is set without OPERATOR_TOKEN: give the operator token of the app at ${env.APP_ORIGIN} (OPERATOR_TOKEN) to publish there.`
      : `No running app holds ${resolve(env.DATA_DIR, "db")}: start it (npm start), or name a running app with APP_ORIGIN and OPERATOR_TOKEN, then publish again.`,
  ]);

const contentDir = resolve(env.CONTENT_DIR);
const TEMPLATE = /^reports[/\\]([a-z0-9_]{1,64})[/\\]report\.yaml$/;
const project = (path: string) => relative(process.cwd(), path).split(sep).join("/");

/** A named file: a report template when it is content/reports/<code>/report.yaml, else a flow. */
async function named(path: string) {
  const text = await readFile(path, "utf8").catch((e: NodeJS.ErrnoException) => fail([`${project(path)}: cannot read the file (${e.code ?? String(e)})`]));
  const template = TEMPLATE.exec(relative(contentDir, path));
  return template ? { kind: "report" as const, code: template[1]!, file: project(path), text } : { kind: "flow" as const, file: project(path), text };
}

const args = process.argv.slice(2);
const files = args.length > 0 ? await Promise.all(args.map((a) => named(resolve(a)))) : await everything();

/** Every flow file, and the template of each report code that has one (the app records only what changed). */
async function everything() {
  const flows = await readFlowFiles(resolve(env.FLOWS_DIR));
  const codes = [...new Set(flows.map((f) => /^report:\s*([a-z0-9_]+)\s*$/m.exec(f.text)?.[1]).filter((c) => c !== undefined))];
  const templates = await Promise.all(
    codes.map(async (code) => {
      const path = resolve(contentDir, "reports", code, "report.yaml");
      const text = await readFile(path, "utf8").catch(() => null);
      return text === null ? [] : [{ kind: "report" as const, code, file: project(path), text }];
    }),
  );
  return [...flows.map((f) => ({ kind: "flow" as const, file: project(f.path), text: f.text })), ...templates.flat()];
}

const body = {
  flows: files.flatMap((f) => (f.kind === "flow" ? [{ file: f.file, text: f.text }] : [])),
  reports: files.flatMap((f) => (f.kind === "report" ? [{ code: f.code, file: f.file, text: f.text }] : [])),
};
const { status, ok, json } = await askApp(app, "POST", "/api/admin/flows/publish", body);

const refused = publishRefused.safeParse(json);
if (status === 422 && refused.success) {
  const { problems } = refused.data.error;
  for (const problem of problems) console.error(formatProblem(problem));
  const broken = new Set(problems.map((p) => p.file)).size;
  fail([`✗ ${problems.length} problem${problems.length === 1 ? "" : "s"} in ${broken} file${broken === 1 ? "" : "s"}: nothing was published`], 1);
}
const published = publishResult.safeParse(json);
if (!ok || !published.success) fail([refusal(status, json)]);
const { flows, reports } = published.data!.data;
const changed = [
  ...flows.filter((f) => f.changed).map((f) => `${f.code} (${f.file}, version ${f.hash})`),
  ...reports.filter((r) => r.changed).map((r) => `report ${r.code} (${r.file})`),
];
const same = flows.filter((f) => !f.changed).length + reports.filter((r) => !r.changed).length;
console.log(
  changed.length > 0
    ? `✓ live for new visitors at ${app.origin}:\n${changed.map((c) => `  ${c}`).join("\n")}${same > 0 ? `\n  (${same} other file${same === 1 ? " was" : "s were"} live already)` : ""}`
    : `✓ nothing changed: all ${same} file${same === 1 ? " is" : "s are"} live already`,
);
