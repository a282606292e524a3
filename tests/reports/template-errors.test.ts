import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompiledFlow } from "#engine/flow/types.ts";
import type { ReportLibrary } from "#engine/report/build-report.ts";
import { formatProblem } from "#engine/yaml/parse-located.ts";
import { readContent } from "#server/content/read-content.ts";
import { reportLibrary } from "#server/content/report-library.ts";
import { readFlows } from "#server/flows/read-flows.ts";
import { readReportTemplates } from "#server/reports/read-report-templates.ts";

/**
 * A typo in a report template, as an author makes it: the template is written into a folder of
 * its own and read as the app reads templates; each mistake is told once, at its line and column,
 * with the section and block it is in and a hint.
 */
const CODE = "anxiety_gad7";
let dir: string;
let flow: CompiledFlow;
let library: ReportLibrary;
let good: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "report-template-"));
  const flows = await readFlows(join(process.cwd(), "flows"), /^anxiety\.yaml$/);
  if (!flows.ok) throw new Error("the anxiety flow is broken");
  flow = flows.flows[0]!;
  const content = await readContent(join(process.cwd(), "content"));
  if (!content.ok) throw new Error("content is broken");
  library = reportLibrary(content.content);
  good = await readFile(join(process.cwd(), "content", "reports", CODE, "report.yaml"), "utf8");
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes the real template with one edit to <dir>/anxiety_gad7/report.yaml and reads it: the problems as flows:check prints them. */
async function problemsAfter(from: string, to: string): Promise<{ problems: string[]; line: number }> {
  expect(good).toContain(from);
  const text = good.replace(from, to);
  await mkdir(join(dir, CODE), { recursive: true });
  await writeFile(join(dir, CODE, "report.yaml"), text);
  const result = await readReportTemplates(dir, [flow], library, dir);
  const line = text.slice(0, text.indexOf(to)).split("\n").length;
  return { problems: result.ok ? [] : result.problems.map(formatProblem), line };
}

const FILE = `${CODE}/report.yaml`;

describe("a typo in a report template", () => {
  it("reads the real template without a problem", async () => {
    expect((await problemsAfter("title: Your anxiety report", "title: Your anxiety report")).problems).toEqual([]);
  });

  it("a misspelt block kind: one problem at the key, in its section and block, with the kind meant", async () => {
    const { problems, line } = await problemsAfter("      - scale_details: {}", "      - scale_detials: {}");
    expect(problems).toEqual([
      `${FILE}:${line}:9 sections.0.blocks.2.scale_detials [section level, block 3]: unknown block "scale_detials" (did you mean "scale_details"?)`,
    ]);
  });

  it("a block kind that does not exist: the kinds there are", async () => {
    const { problems, line } = await problemsAfter("      - scale_details: {}", "      - bar_chart: {}");
    expect(problems).toEqual([
      `${FILE}:${line}:9 sections.0.blocks.2.bar_chart [section level, block 3]: unknown block "bar_chart" (a block is one of: paragraph, heading, list, callout, scale_chart, scale_details, profile_code, strengths, watch_outs, links, professions, sources)`,
    ]);
  });

  it("two kinds in one block (a missing dash): told once, with the fix", async () => {
    const { problems, line } = await problemsAfter("      - scale_details: {}", "      - scale_details: {}\n        paragraph: More about your score.");
    expect(problems).toEqual([
      `${FILE}:${line + 1}:9 sections.0.blocks.2.paragraph [section level, block 3 (scale_details)]: one block has two kinds, scale_details and paragraph (start a new block with "- " for the paragraph)`,
    ]);
  });

  it("a mistake inside a list item is told at the item, not as an unknown list", async () => {
    const { problems, line } = await problemsAfter('when: { answer_of: gad1, in: ["2", "3"] }', 'when: { answer_of: gad1, in: "2" }');
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${FILE}:${line}:\\d+ sections\\.1\\.blocks\\.1\\.list\\.0\\.when\\.in \\[section symptoms, block 2 \\(list\\)\\]: .*expected array, received string$`,
        ),
      ),
    ]);
  });

  it("a misspelt section key: the key meant, not also the key missing", async () => {
    const { problems, line } = await problemsAfter("  - id: symptoms\n    title:", "  - id: symptoms\n    titel:");
    expect(problems).toEqual([`${FILE}:${line + 1}:5 sections.1.titel [section symptoms]: unknown key "titel" (did you mean "title"?)`]);
  });

  it("a misspelt key of a block's settings", async () => {
    const { problems, line } = await problemsAfter("      - strengths: { top: 1 }", "      - strengths: { tops: 1 }");
    expect(problems).toEqual([
      `${FILE}:${line}:22 sections.0.blocks.3.strengths.tops [section level, block 4 (strengths)]: unknown key "tops" (did you mean "top"?)`,
    ]);
  });

  it("a block's settings written as a number: what the block takes", async () => {
    const { problems, line } = await problemsAfter("      - strengths: { top: 1 }", "      - strengths: 1");
    expect(problems).toEqual([
      `${FILE}:${line}:20 sections.0.blocks.3.strengths [section level, block 4 (strengths)]: Invalid input: expected object, received number (strengths takes { top }; docs/reports.md lists every block)`,
    ]);
  });

  it("a scale the flow does not have in a condition: the flow's scales", async () => {
    const { problems, line } = await problemsAfter("when: { answer_of: difficulty, in: [very, extremely] }", "when: { band_of: worry, in: [severe] }");
    expect(problems).toEqual([
      `${FILE}:${line}:26 sections.1.blocks.3.when.band_of [section symptoms, block 4 (paragraph)]: anxiety_gad7 has no scale "worry" (its scales are: anxiety)`,
    ]);
  });

  it("a misspelt scale in a placeholder", async () => {
    const { problems, line } = await problemsAfter("out of {{top1_max}}: {{top1_band}}. A score", "out of {{max:anxeity}}: {{top1_band}}. A score");
    expect(problems).toEqual([`${FILE}:${line}:11 teaser.0: {{max:anxeity}}: the flow has no scale "anxeity" (did you mean "anxiety"?)`]);
  });

  it("a renamed scale is one mistake: told at the name written, with the scale it leaves out", async () => {
    const { problems, line } = await problemsAfter("  anxiety:\n    higher_is", "  worry:\n    higher_is");
    expect(problems).toEqual([`${FILE}:${line + 1}:5 scales.worry: anxiety_gad7 has no scale "worry" (rename it "anxiety", the scale this leaves out)`]);
  });
});
