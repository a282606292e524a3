import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import type { CareerToolkit } from "#schemas/api/career-toolkit.ts";
import { careerToolkitFile } from "#schemas/content/career-toolkit.ts";
import { resolveLink, type ReportLibrary } from "#engine/report/build-report.ts";
import { parseYaml, schemaProblems, type Located, type Problem } from "#engine/yaml/parse-located.ts";

/**
 * Reads the career toolkit and resolves every item against the account's content (the library
 * reports link into): every problem located (file, line, column, path), or the toolkit as served.
 */
export function checkCareerToolkit(file: string, text: string, library: ReportLibrary): Located<CareerToolkit> {
  const parsed = parseYaml(file, text);
  if (!parsed.ok) return parsed;
  const result = careerToolkitFile.safeParse(parsed.value.data);
  if (!result.success) return { ok: false, problems: schemaProblems(file, parsed.value, careerToolkitFile, result.error.issues) };
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const stages = result.data.stages.map((stage, si) => {
    if (seen.has(stage.id)) problems.push({ file, ...parsed.value.locate(["stages", si, "id"]), path: `stages.${si}.id`, message: `stage ${stage.id} is used twice` });
    seen.add(stage.id);
    const items = stage.items.flatMap((item, ii) => {
      const link = resolveLink(item.ref, library);
      if (link && (link.type === "plan" || link.type === "article" || link.type === "tool")) return [{ type: link.type, title: link.title, text: link.text, why: item.why, href: link.href }];
      const path = ["stages", si, "items", ii, "ref"];
      problems.push({ file, ...parsed.value.locate(path), path: path.join("."), message: `${item.ref} is not in the account's content` });
      return [];
    });
    return { id: stage.id, title: stage.title, summary: stage.summary, items };
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: { title: result.data.title, intro: result.data.intro, stages } };
}

/** The toolkit file under `contentDir`, checked; its path in problems is relative to the working folder. */
export async function readCareerToolkit(path: string, library: ReportLibrary): Promise<Located<CareerToolkit>> {
  const file = relative(process.cwd(), path);
  const text = await readFile(path, "utf8").catch((e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? null : Promise.reject(e)));
  if (text === null) return { ok: false, problems: [{ file, line: 1, column: 1, path: "", message: "the career toolkit file is missing" }] };
  return checkCareerToolkit(file, text, library);
}
