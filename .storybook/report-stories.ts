/**
 * Every report template in content/reports as a Storybook story, with no hand-written code, as
 * flows get theirs (flow-stories.ts).
 *
 * - `reportStoriesIndexer` (main.ts `experimental_indexers`) lists one story per
 *   content/reports/<code>/report.yaml: its example report.
 * - `reportStoriesPlugin` (main.ts `viteFinal`) turns the same file into CSF when Storybook imports
 *   it: the example report built by the engine the app uses (buildExampleReport), from the
 *   template, the flow whose report it is, the account's content and, for a template that lists
 *   professions, the occupations in content/professions matched to the example profile; drawn by
 *   ReportView.
 *
 * A template that does not check (or has no flow) is listed as one "Problems" story: `storybook
 * build` fails with every located problem; in `storybook dev` the terminal warns and the story lists them.
 */
import { readFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { toId } from "storybook/internal/csf";
import type { Indexer, IndexInput } from "storybook/internal/types";
import type { Plugin } from "vite";
import { ONET_ATTRIBUTION } from "#schemas/api/professions.ts";
import type { ProfessionContent } from "#schemas/content/profession.ts";
import type { ReportDocument } from "#schemas/report/document.ts";
import { buildExampleReport, exampleScores } from "#engine/report/example-report.ts";
import { matchProfessions, positionsFromScores, profileProblem } from "#engine/report/match-professions.ts";
import { checkReportTemplate } from "#engine/report/check-template.ts";
import { formatProblem, type Problem } from "#engine/yaml/parse-located.ts";
import { readContent } from "#server/content/read-content.ts";
import { reportLibrary } from "#server/content/report-library.ts";
import { readFlows } from "#server/flows/read-flows.ts";
import { professionItems } from "#server/reports/session-report.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const VIEW = resolve(ROOT, "src/web/shared/report/ReportView.tsx");
const PARTS = resolve(ROOT, "src/web/shared/report/report-story-parts.tsx");

/** A report template: content/reports/<code>/report.yaml (or .yml). */
export const REPORT_FILE = /[\\/]content[\\/]reports[\\/][a-z][a-z0-9_-]*[\\/]report\.ya?ml$/;

/** How many matched occupations an example report can list at most, as the app's (src/server/routes/reports/session-report.ts). */
const MAX_PROFESSIONS = 30;

export type ReportStory =
  | { ok: true; code: string; title: string; metaId: string; id: string; document: ReportDocument }
  | { ok: false; code: string; title: string; metaId: string; id: string; problems: Problem[] };

/** The path problems are reported with: relative to the project, like the build. */
const projectPath = (fileName: string) => relative(ROOT, fileName).split("\\").join("/");

const codeOf = (fileName: string) => basename(dirname(fileName));

/** The occupations of content/professions that best match the example profile, as report items (the app reads the same from its database). */
function matched(professions: readonly ProfessionContent[], positions: ReturnType<typeof positionsFromScores>) {
  if (!positions) return [];
  const ranked = matchProfessions(
    positions,
    professions.map((p) => ({ slug: p.slug, title: p.title, code: p.riasec.code, levels: p.riasec.levels, p })),
  ).slice(0, MAX_PROFESSIONS);
  return professionItems({
    reason: profileProblem(positions),
    items: ranked.map(({ occupation: { p }, match, r, reason, codeAgreement }) => ({
      profession: {
        ...p,
        active: true,
        pay: p.pay ? { ...p.pay, p10_annual_usd: p.pay.p10_annual_usd ?? null, p90_annual_usd: p.pay.p90_annual_usd ?? null } : null,
        attribution: ONET_ATTRIBUTION,
      },
      match,
      r,
      reason,
      codeAgreement,
    })),
  });
}

/** The example report of one template file, or its located problems. */
export async function reportStory(fileName: string, text: string): Promise<ReportStory & { flowFile?: string }> {
  const code = codeOf(fileName);
  const metaId = `reports-${code}`;
  const base = { code, metaId, id: toId(metaId, "example"), title: `Reports/${code}` };
  const file = projectPath(fileName);
  const flows = await readFlows(join(ROOT, "flows"));
  if (!flows.ok) return { ...base, ok: false, problems: flows.problems };
  const flow = flows.flows.find((f) => f.report === code);
  if (!flow) {
    const hint = "A template is used by the flow whose `report:` is its folder's name";
    return { ...base, ok: false, problems: [{ file, line: 1, column: 1, path: "", message: `no flow in flows/ has report: ${code}`, hint }] };
  }
  const content = await readContent(join(ROOT, "content"));
  if (!content.ok) return { ...base, ok: false, problems: content.problems };
  const library = reportLibrary(content.content);
  const checked = checkReportTemplate(file, text, flow, library);
  if (!checked.ok) return { ...base, ok: false, problems: checked.problems };
  const template = checked.value;
  const positions = positionsFromScores(exampleScores({ flow, template }).scales);
  const usesProfessions = template.sections.some((s) => s.blocks.some((b) => "professions" in b));
  const professions = usesProfessions ? matched(content.content.professions, positions) : [];
  const document = buildExampleReport({ flow, template, library, professions });
  return { ...base, ok: true, title: `Reports/${template.title}`, document, flowFile: join(ROOT, flow.file) };
}

const report = (problems: Problem[]) =>
  `${problems.length} problem${problems.length === 1 ? "" : "s"} in this report template:\n${problems.map(formatProblem).join("\n")}`;

/** The index entry for one template file (what Storybook's sidebar lists). */
export async function indexReportFile(fileName: string, makeTitle: (userTitle?: string) => string): Promise<IndexInput[]> {
  const story = await reportStory(fileName, await readFile(fileName, "utf8"));
  const name = story.ok ? "Example report" : "Problems";
  return [
    {
      type: "story",
      importPath: fileName,
      exportName: story.ok ? "Example" : "Problems",
      name,
      title: makeTitle(story.title),
      metaId: story.metaId,
      __id: story.ok ? story.id : toId(story.metaId, "problems"),
      tags: ["report"],
    },
  ];
}

export const reportStoriesIndexer: Indexer = {
  test: REPORT_FILE,
  createIndex: (fileName, { makeTitle }) => indexReportFile(fileName, makeTitle),
};

const json = (value: unknown) => JSON.stringify(value);

/** An import specifier from the template's folder to a module of the project. */
function importFrom(path: string, target: string) {
  const specifier = relative(dirname(path), target).split("\\").join("/");
  return specifier.startsWith(".") ? specifier : `./${specifier}`;
}

/** CSF for a template that checks: its example report in ReportView, on a page, as customers see it. */
function exampleCsf(story: Extract<ReportStory, { ok: true }>, path: string): string {
  return [
    `import { ReportView } from ${json(importFrom(path, VIEW))};`,
    `import { onPage } from ${json(importFrom(path, PARTS))};`,
    `const document = JSON.parse(${json(JSON.stringify(story.document))});`,
    `export default {`,
    `  id: ${json(story.metaId)},`,
    `  title: ${json(story.title)},`,
    `  component: ReportView,`,
    `  tags: ["report"],`,
    `  decorators: [onPage],`,
    `  args: { document },`,
    `  argTypes: { document: { control: false } },`,
    `};`,
    `export const Example = { name: "Example report", parameters: { __id: ${json(story.id)} } };`,
    `export const __namedExportsOrder = ["Example"];`,
    ``,
  ].join("\n");
}

/** CSF for a template with problems in `storybook dev`: its one story lists them. */
function problemsCsf(story: Extract<ReportStory, { ok: false }>): string {
  const style = { margin: 0, padding: "24px", font: "14px/1.5 ui-monospace, monospace", whiteSpace: "pre-wrap", color: "#8a1c1c" };
  return [
    `import { createElement } from "react";`,
    `export default { id: ${json(story.metaId)}, title: ${json(story.title)}, tags: ["report"] };`,
    `export const Problems = { name: "Problems", parameters: { __id: ${json(toId(story.metaId, "problems"))} },`,
    `  render: () => createElement("pre", { role: "alert", style: ${json(style)} }, ${json(report(story.problems))}) };`,
    ``,
  ].join("\n");
}

/** Vite plugin: content/reports/<code>/report.yaml → CSF, only inside Storybook (main.ts `viteFinal`). */
export function reportStoriesPlugin(): Plugin {
  let serve = false;
  return {
    name: "pathwise-report-stories",
    enforce: "pre",
    configResolved(config) {
      serve = config.command === "serve";
    },
    transform: {
      filter: { id: /[\\/]content[\\/]reports[\\/][a-z][a-z0-9_-]*[\\/]report\.ya?ml(\?.*)?$/ },
      async handler(text, id) {
        const path = id.replace(/\?.*$/, "");
        const story = await reportStory(path, text);
        if (story.ok) {
          // The example follows its flow too: editing the flow rebuilds the story in dev.
          if (story.flowFile) this.addWatchFile(story.flowFile);
          return { code: exampleCsf(story, path), map: null, moduleType: "js" };
        }
        const message = report(story.problems);
        if (!serve) this.error(message);
        this.warn(message);
        return { code: problemsCsf(story), map: null, moduleType: "js" };
      },
    },
  };
}
