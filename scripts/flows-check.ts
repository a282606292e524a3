/**
 * Checks flow files: `npm run flows:check [files…]` (default: every flows/*.yaml, or FLOWS_DIR).
 * Named files are checked against the other flows of the folder too (a path or code one of them
 * already uses), with only the named files' problems printed.
 * Prints each problem as `file:line:column path [step]: message (hint)` and a summary line;
 * exits 1 when there is any problem.
 */
import { readFile } from "node:fs/promises";
import { relative, resolve } from "node:path";
import { checkFlows } from "#engine/flow/load/check-flows.ts";
import { readFlowFiles } from "#server/flows/read-flows.ts";
import { checkFunnelReports } from "#server/reports/check-funnel-reports.ts";
import { formatProblem, type Problem } from "#engine/yaml/parse-located.ts";

const dir = resolve(process.env.FLOWS_DIR ?? "flows");
const args = process.argv.slice(2);
const folder = await readFlowFiles(dir);
const paths = args.length > 0 ? args.map((a) => resolve(a)) : folder.map((f) => f.path);
const unreadable: Problem[] = [];
/** A named file, or a problem saying why it cannot be read. */
async function readNamed(path: string): Promise<{ file: string; text: string }[]> {
  const file = relative(process.cwd(), path);
  try {
    return [{ file, text: await readFile(path, "utf8") }];
  } catch (e) {
    unreadable.push({ file, line: 1, column: 1, path: "", message: `cannot read the file (${(e as NodeJS.ErrnoException).code ?? String(e)})` });
    return [];
  }
}
const files = args.length > 0 ? (await Promise.all(paths.map(readNamed))).flat() : folder;
// The folder's other flows go first, so a clash is reported on the named file, not on its neighbour.
const named = new Set(files.map((f) => f.file));
const neighbours = args.length === 0 ? [] : folder.filter((f) => !named.has(f.file));
const all = checkFlows([...neighbours, ...files]);
const checked = { flows: all.flows.filter((f) => named.has(f.file)), problems: all.problems.filter((p) => named.has(p.file)) };
const flows = checked.flows;
// What a funnel promises at its pre-checkout must be in its report (content/reports/<report>/report.yaml).
const reportProblems = await checkFunnelReports(flows, new Map(files.map((f) => [f.file, f.text])), resolve(process.env.CONTENT_DIR ?? "content"));
const problems = [...unreadable, ...checked.problems, ...reportProblems];

for (const problem of problems) console.error(formatProblem(problem));
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
if (problems.length > 0) {
  const broken = new Set(problems.map((p) => p.file)).size;
  console.error(`✗ ${plural(problems.length, "problem")} in ${plural(broken, "file")} (${plural(paths.length, "flow file")} checked)`);
  process.exitCode = 1;
} else {
  console.log(`✓ ${plural(flows.length, "flow")} OK${flows.length > 0 ? `: ${flows.map((f) => f.code).join(", ")}` : ""}`);
}
