import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ReportBlock, ReportDocument } from "#schemas/report/document.ts";
import { scoreAnswers } from "#engine/flow/score.ts";
import { buildReport } from "#engine/report/build-report.ts";
import { formatProblem } from "#engine/yaml/parse-located.ts";
import { readContent } from "#server/content/read-content.ts";
import { reportLibrary } from "#server/content/report-library.ts";
import { readFlows } from "#server/flows/read-flows.ts";
import { readReportTemplates } from "#server/reports/read-report-templates.ts";
import { answerSet, PATTERNS, seeded } from "../helpers/claims-check.ts";

/**
 * A report shows each card once: no account link, occupation, callout or list item appears twice in
 * one report, in two sections or in one. Every report template (content/reports, each with the flows
 * that use it) is built for seeded answer sets of every pattern of the claims test, so the cards a
 * condition or a scale's place brings in are covered too. CARDS_SETS sets the number per funnel.
 */
const SETS = Number(process.env.CARDS_SETS ?? 240);

/** What a reader sees as one card or item of a block. */
function cardsOf(block: ReportBlock): string[] {
  switch (block.kind) {
    case "links":
      return block.items.map((i) => `card ${i.href} (${i.title})`);
    case "professions":
      return block.items.map((i) => `occupation ${i.href}`);
    case "callout":
      return [`callout "${block.title}: ${block.text}"`];
    case "list":
      return block.items.map((i) => `item "${i}"`);
    default:
      return [];
  }
}

/** Each card shown more than once, with the sections that show it. */
function repeats(doc: ReportDocument): string[] {
  const where = new Map<string, string[]>();
  for (const section of doc.sections)
    for (const block of section.blocks) for (const card of cardsOf(block)) where.set(card, [...(where.get(card) ?? []), section.id]);
  return [...where].filter(([, sections]) => sections.length > 1).map(([card, sections]) => `${card} in ${sections.join(", ")}`);
}

const root = process.cwd();
const flows = await readFlows(join(root, "flows"));
if (!flows.ok) throw new Error(flows.problems.map(formatProblem).join("\n"));
const content = await readContent(join(root, "content"));
if (!content.ok) throw new Error(content.problems.map(formatProblem).join("\n"));
const library = reportLibrary(content.content);
const read = await readReportTemplates(join(root, "content/reports"), flows.flows, library);
if (!read.ok) throw new Error(read.problems.map(formatProblem).join("\n"));
const templates = read.templates;

describe("every report shows each card once", () => {
  it("covers every report template in content/reports", () => {
    expect(templates.size).toBeGreaterThan(0);
    expect([...templates.keys()].every((code) => flows.flows.some((f) => f.report === code))).toBe(true);
  });

  for (const flow of flows.flows.filter((f) => templates.has(f.report))) {
    it(`${flow.file} (${flow.report}): ${SETS} answer sets`, () => {
      const template = templates.get(flow.report)!;
      const random = seeded([...flow.code].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261));
      const failing: string[] = [];
      for (let i = 0; i < SETS; i++) {
        const pattern = PATTERNS[i % PATTERNS.length]!;
        const answers = answerSet(flow, pattern, random);
        const doc = buildReport({
          flow,
          template,
          library,
          answers,
          scores: scoreAnswers(flow, answers),
          firstName: null,
          completedAt: new Date("2026-11-24T09:30:00.000Z"),
          professions: [],
          resultId: null,
        });
        const found = repeats(doc);
        if (found.length > 0) failing.push(`set ${i} (${pattern}): ${found.join("; ")}`);
      }
      expect(failing.slice(0, 5), `${failing.length} of ${SETS} reports repeat a card`).toEqual([]);
    });
  }
});
