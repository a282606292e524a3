import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { reportDocument, type ReportBlock, type ReportDocument } from "../../schemas/report/document.ts";
import type { ReportTemplate } from "../../schemas/report/template.ts";
import { scoreAnswers } from "../../src/engine/flow/score.ts";
import type { Answers, CompiledFlow } from "../../src/engine/flow/types.ts";
import { buildReport, buildTeaser, type ReportLibrary } from "../../src/engine/report/build-report.ts";
import { checkReportTemplate } from "../../src/engine/report/check-template.ts";
import { formatProblem } from "../../src/engine/yaml/parse-located.ts";
import { readContent } from "../../src/server/content/read-content.ts";
import { reportLibrary } from "../../src/server/content/report-library.ts";
import { readFlows } from "../../src/server/flows/read-flows.ts";

/** The burnout report (CBI personal and work scales): the 0–100 scoring, the reversed item, the sections and the help at the top band. */
const root = process.cwd();
const TEMPLATE = "content/reports/burnout_cbi/report.yaml";
let flow: CompiledFlow;
let template: ReportTemplate;
let library: ReportLibrary;

beforeAll(async () => {
  const flows = await readFlows(join(root, "flows"), /^burnout\.yaml$/);
  if (!flows.ok) throw new Error(flows.problems.map(formatProblem).join("\n"));
  flow = flows.flows[0]!;
  const content = await readContent(join(root, "content"));
  if (!content.ok) throw new Error(content.problems.map(formatProblem).join("\n"));
  library = reportLibrary(content.content);
  const checked = checkReportTemplate(TEMPLATE, await readFile(join(root, TEMPLATE), "utf8"), flow, library);
  if (!checked.ok) throw new Error(checked.problems.map(formatProblem).join("\n"));
  template = checked.value;
});

/** Six personal and seven work answers (0–100 each), and the unscored questions. */
const answersOf = (personal: number[], work: number[], extra: Answers = {}): Answers => ({
  ...Object.fromEntries(personal.map((v, i) => [`p${i + 1}`, v])),
  ...Object.fromEntries(work.map((v, i) => [`w${i + 1}`, v])),
  drains: ["workload"],
  duration: "months",
  ...extra,
});
const input = (answers: Answers, firstName: string | null = null) => ({
  flow,
  template,
  answers,
  scores: scoreAnswers(flow, answers),
  firstName,
  completedAt: new Date("2026-11-24T09:30:00.000Z"),
  library,
  professions: [],
  resultId: null,
});
const blocks = (doc: ReportDocument, id: string): ReportBlock[] => doc.sections.find((s) => s.id === id)?.blocks ?? [];
const items = (doc: ReportDocument, id: string) => blocks(doc, id).flatMap((b) => (b.kind === "list" ? b.items : []));
const scale = (answers: Answers, id: string) => scoreAnswers(flow, answers).scales.find((s) => s.id === id)!;

describe("the burnout report", () => {
  it("scores each scale as the mean of 0–100 answers, with the energy-for-family item reversed", () => {
    expect(scale(answersOf([50, 50, 50, 50, 50, 50], [0, 0, 0, 0, 0, 0, 100]), "personal")).toMatchObject({ score: 50, band: "high", min: 0, max: 100 });
    // Always having energy for family and friends (100) counts as 0 burnout; never having it as 100.
    expect(scale(answersOf([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 100]), "work")).toMatchObject({ score: 0, band: "low" });
    expect(scale(answersOf([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0]), "work").score).toBeCloseTo(14.29, 2);
    expect(scale(answersOf([25, 25, 25, 25, 25, 0], [0, 0, 0, 0, 0, 0, 100]), "personal")).toMatchObject({ score: 20.83, band: "low" });
    expect(scale(answersOf([25, 25, 25, 25, 25, 25], [0, 0, 0, 0, 0, 0, 100]), "personal").band).toBe("moderate");
    expect(scale(answersOf([75, 75, 75, 75, 75, 75], [0, 0, 0, 0, 0, 0, 100]), "personal").band).toBe("very-high");
  });

  it("has every promised section, and chooses steps by what drains the person", () => {
    const doc = buildReport(
      input(answersOf([75, 50, 50, 50, 50, 25], [75, 75, 50, 75, 75, 50, 25], { drains: ["control", "values"], duration: "long" }), "Noor"),
    );
    expect(reportDocument.parse(doc)).toEqual(doc);
    expect(doc.sections.map((s) => s.id)).toEqual(["levels", "drains", "next-steps", "help", "method"]);
    expect(doc.summary).toMatch(/^Noor, your most marked level is Work-related burnout: 67\.9 out of 100, in the range called high\./);
    const drains = items(doc, "drains");
    expect(drains.map((t) => t.split(":")[0])).toEqual(["Control", "Values"]);
    expect(blocks(doc, "drains")).toContainEqual(expect.objectContaining({ text: expect.stringContaining("more than six months") }));
    const links = blocks(doc, "next-steps").flatMap((b) => (b.kind === "links" ? b.items.map((i) => i.href) : []));
    expect(links).toEqual(expect.arrayContaining(["/account/plans/burnout-recovery-14-days", "/account/tools/work-life-balance-audit"]));
  });

  it("at the very high band: a doctor first in the steps, and the help open in the free teaser", () => {
    const answers = answersOf([100, 100, 75, 75, 100, 75], [75, 100, 75, 100, 100, 75, 0]);
    expect(items(buildReport(input(answers)), "next-steps")[0]).toMatch(/^Book an appointment with your doctor/);
    const teaser = buildTeaser(input(answers));
    expect(teaser.summary).toMatch(/^Your exhaustion is in the very high range\. Please talk to your doctor or occupational health soon\./);
    expect(teaser.summary).toContain("not a diagnosis");
    const open = teaser.sections[0]!.blocks;
    expect(open[0]).toMatchObject({ kind: "scale_chart", caption: "Your levels" });
    expect(open.at(-1)).toMatchObject({ kind: "callout", tone: "help", text: expect.stringContaining("occupational health") });
    expect(teaser.sections.slice(1).every((s) => s.locked && s.blocks.length === 0)).toBe(true);
  });
});
