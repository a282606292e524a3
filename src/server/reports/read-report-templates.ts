import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { ReportTemplate } from "#schemas/report/template.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import type { ReportLibrary } from "#engine/report/build-report.ts";
import { checkReportTemplate } from "#engine/report/check-template.ts";
import type { Problem } from "#engine/yaml/parse-located.ts";

/** The report templates by report (prompt) code. */
export type ReportTemplates = ReadonlyMap<string, ReportTemplate>;

export type TemplatesResult = { ok: true; templates: ReportTemplates } | { ok: false; problems: Problem[] };

/**
 * Reads `<dir>/<report code>/report.yaml` for every loaded flow that has one, and checks it
 * against that flow and the account's content; every problem is located (file, line, column).
 */
export async function readReportTemplates(dir: string, flows: readonly CompiledFlow[], library: ReportLibrary, root = process.cwd()): Promise<TemplatesResult> {
  const codes = await readdir(dir, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? [] : Promise.reject(e)));
  const templates = new Map<string, ReportTemplate>();
  const problems: Problem[] = [];
  for (const entry of codes.filter((d) => d.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name, "report.yaml");
    const file = relative(root, path);
    const text = await readFile(path, "utf8").catch(() => null);
    if (text === null) continue;
    const flow = flows.find((f) => f.report === entry.name);
    if (!flow) {
      // A template for a funnel that is not loaded (e.g. a test that loads one flow) is simply not used.
      continue;
    }
    const checked = checkReportTemplate(file, text, flow, library);
    if (checked.ok) templates.set(entry.name, checked.value);
    else problems.push(...checked.problems);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, templates };
}
