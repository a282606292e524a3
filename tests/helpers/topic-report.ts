import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, expect } from "vitest";
import { reportDocument, type ReportBlock, type ReportDocument } from "#schemas/report/document.ts";
import { scoreAnswers } from "#engine/flow/score.ts";
import type { Answers, ScaleScore } from "#engine/flow/types.ts";
import { buildReport, buildTeaser, type ReportInput } from "#engine/report/build-report.ts";
import { checkReportTemplate } from "#engine/report/check-template.ts";
import { formatProblem } from "#engine/yaml/parse-located.ts";
import { readContent } from "#server/content/read-content.ts";
import { reportLibrary } from "#server/content/report-library.ts";
import { readFlows } from "#server/flows/read-flows.ts";

/**
 * Shared scaffolding of the topic report tests (tests/reports): loading a topic's flow and checked
 * report template, building its report and teaser, scoring answers, and reading a document's
 * sections. What is special about a topic (its answers, bands and texts) stays in its test file.
 */

/** The flow, the checked template and the account's content a topic's report is built from. */
type Topic = Pick<ReportInput, "flow" | "template" | "library">;
/** Occupations matched to the profile and the result they link to (career reports only). */
type Matched = Pick<ReportInput, "professions" | "resultId">;
type BlockOf<K extends ReportBlock["kind"]> = Extract<ReportBlock, { kind: K }>;

const root = process.cwd();
const NO_MATCHES: Matched = { professions: [], resultId: null };

/** Reads the one flow whose file name matches, the content library, and the template checked against both; throws with the problems. */
export async function loadTopic(flowFile: RegExp, templatePath: string): Promise<Topic> {
  const flows = await readFlows(join(root, "flows"), flowFile);
  if (!flows.ok) throw new Error(flows.problems.map(formatProblem).join("\n"));
  const flow = flows.flows[0]!;
  const content = await readContent(join(root, "content"));
  if (!content.ok) throw new Error(content.problems.map(formatProblem).join("\n"));
  const library = reportLibrary(content.content);
  const checked = checkReportTemplate(templatePath, await readFile(join(root, templatePath), "utf8"), flow, library);
  if (!checked.ok) throw new Error(checked.problems.map(formatProblem).join("\n"));
  return { flow, template: checked.value, library };
}

/** A topic's report loaded in beforeAll, with builders that score the answers and date the report `completedAt`. */
export function topicReport(flowFile: RegExp, templatePath: string, completedAt = "2026-11-24T09:30:00.000Z") {
  let topic: Topic | undefined;
  beforeAll(async () => {
    topic = await loadTopic(flowFile, templatePath);
  });
  const loaded = (): Topic => {
    if (!topic) throw new Error(`${templatePath} is not loaded yet (use it inside a test)`);
    return topic;
  };
  /** The report input for these answers, scored by the flow. */
  const input = (answers: Answers, firstName: string | null = null, matched: Matched = NO_MATCHES): ReportInput => ({
    ...loaded(),
    answers,
    scores: scoreAnswers(loaded().flow, answers),
    firstName,
    completedAt: new Date(completedAt),
    ...matched,
  });
  /** One scale's score for these answers; throws when the flow has no such scale. */
  const scale = (answers: Answers, id: string): ScaleScore => {
    const found = scoreAnswers(loaded().flow, answers).scales.find((s) => s.id === id);
    if (!found) throw new Error(`the flow has no scale ${id}`);
    return found;
  };
  return {
    /** The compiled flow (inside a test only). */
    flow: () => loaded().flow,
    input,
    scale,
    /** [score, band] of one scale for these answers. */
    scoreAndBand: (answers: Answers, id: string) => {
      const s = scale(answers, id);
      return [s.score, s.band];
    },
    /** The full report for these answers. */
    build: (answers: Answers, firstName: string | null = null): ReportDocument => buildReport(input(answers, firstName)),
    /** The free teaser for these answers. */
    teaserFor: (answers: Answers, firstName: string | null = null): ReportDocument => buildTeaser(input(answers, firstName)),
    /** The account link of a library article; throws when the content has no such article. */
    articleHref: (slug: string) => {
      const article = loaded().library.articles.find((a) => a.slug === slug);
      if (!article) throw new Error(`the library has no article ${slug}`);
      return `/account/library/${article.id}`;
    },
  };
}

/** Answers to the steps `${prefix}1`, `${prefix}2`, … in the order given. */
export const numbered = (prefix: string, values: readonly number[]): Answers => Object.fromEntries(values.map((v, i) => [`${prefix}${i + 1}`, v]));

/** Asserts the document is valid: the schema parses it to itself. */
export const expectValidDocument = (doc: ReportDocument) => expect(reportDocument.parse(doc)).toEqual(doc);

/** The blocks of one section (none when the section is missing). */
export const blocks = (doc: ReportDocument, id: string): ReportBlock[] => doc.sections.find((s) => s.id === id)?.blocks ?? [];

/** The blocks of one kind in one section, in order. */
export const blocksOfKind = <K extends ReportBlock["kind"]>(doc: ReportDocument, id: string, kind: K): BlockOf<K>[] =>
  blocks(doc, id).filter((b): b is BlockOf<K> => b.kind === kind);

/** The items of every list in one section. */
export const items = (doc: ReportDocument, id: string) => blocksOfKind(doc, id, "list").flatMap((b) => b.items);

/** The text of every paragraph in one section. */
export const paragraphs = (doc: ReportDocument, id: string) => blocksOfKind(doc, id, "paragraph").map((b) => b.text);

/** The hrefs of every links block in one section. */
export const hrefs = (doc: ReportDocument, id: string) => blocksOfKind(doc, id, "links").flatMap((b) => b.items.map((i) => i.href));

/** The blocks a teaser shows for free: those of its first section. */
export const openBlocks = (teaser: ReportDocument) => teaser.sections[0]!.blocks;

/**
 * Whether every section after the first is locked and empty, as a teaser's paid sections must be,
 * but the help sections named in `help`, which are open and whole (help is never for sale, ADR 030).
 */
export const paidSectionsLocked = (teaser: ReportDocument, help: readonly string[] = []) =>
  teaser.sections.slice(1).every((s) => (help.includes(s.id) ? !s.locked && s.blocks.length > 0 : s.locked && s.blocks.length === 0));
