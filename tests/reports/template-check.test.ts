import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { CompiledFlow } from "#engine/flow/types.ts";
import type { ReportLibrary } from "#engine/report/build-report.ts";
import { checkReportTemplate } from "#engine/report/check-template.ts";
import { formatProblem } from "#engine/yaml/parse-located.ts";
import { readContent } from "#server/content/read-content.ts";
import { reportLibrary } from "#server/content/report-library.ts";
import { readFlows } from "#server/flows/read-flows.ts";

const FILE = "content/reports/career_riasec/report.yaml";
let flow: CompiledFlow;
let library: ReportLibrary;
let good: string;

beforeAll(async () => {
  const flows = await readFlows(join(process.cwd(), "flows"), /^career\.yaml$/);
  if (!flows.ok) throw new Error("career flow is broken");
  flow = flows.flows[0]!;
  const content = await readContent(join(process.cwd(), "content"));
  if (!content.ok) throw new Error("content is broken");
  library = reportLibrary(content.content);
  good = await readFile(join(process.cwd(), FILE), "utf8");
});

/** The problems of the real template with one edit, formatted as the CLI prints them. */
function problemsAfter(from: string, to: string): string[] {
  expect(good).toContain(from);
  const result = checkReportTemplate(FILE, good.replace(from, to), flow, library);
  return result.ok ? [] : result.problems.map(formatProblem);
}

const lineOf = (needle: string) => good.slice(0, good.indexOf(needle)).split("\n").length;

describe("checking a report template against its flow and the account's content", () => {
  it("accepts the career template", () => {
    const result = checkReportTemplate(FILE, good, flow, library);
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([]);
  });

  it("locates a condition on a scale the flow does not have, with a suggestion", () => {
    const problems = problemsAfter("when: { answer_of: situation, in: [working_change, between_jobs] }", "when: { rank_of: socail, at_most: 2 }");
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${FILE}:${lineOf("when: { answer_of: situation, in: [working_change, between_jobs] }")}:\\d+ sections\\.4\\.blocks\\.0\\.list\\.7\\.when\\.rank_of \\[section next-steps, block 1 \\(list\\)\\]: career_test_green has no scale "socail" \\(did you mean "social"\\?\\)$`,
        ),
      ),
    ]);
  });

  it("takes a list of conditions that must all hold, and locates a problem in any one of them", () => {
    const one = "when: { answer_of: situation, in: [working_change, between_jobs] }";
    const both = "when: [{ answer_of: situation, in: [working_change, between_jobs] }, { rank_of: social, at_most: 2 }]";
    expect(problemsAfter(one, both)).toEqual([]);
    expect(problemsAfter(one, both.replace("social", "socail"))).toEqual([
      expect.stringContaining(
        'sections.4.blocks.0.list.7.when.1.rank_of [section next-steps, block 1 (list)]: career_test_green has no scale "socail" (did you mean "social"?)',
      ),
    ]);
  });

  it("locates an option the choice step does not have", () => {
    expect(problemsAfter("in: [student] }", "in: [pupil] }")).toEqual([expect.stringContaining('situation has no option "pupil"')]);
  });

  it("locates a link to content that does not exist", () => {
    expect(problemsAfter('links: ["tool:energy-map"]', 'links: ["tool:energy-mapp"]')).toEqual([
      expect.stringMatching(
        new RegExp(`^${FILE}:${lineOf('links: ["tool:energy-map"]')}:\\d+ scales\\.realistic\\.links\\.0: tool:energy-mapp is not in the account's content$`),
      ),
    ]);
  });

  it("locates a missing meaning and an unknown variable", () => {
    const problems = problemsAfter("      bottom: Hands-on, physical work", "      lowest: Hands-on, physical work");
    expect(problems).toContainEqual(expect.stringContaining('scales.realistic.meaning: has no meaning for "bottom"'));
    expect(problems).toContainEqual(expect.stringContaining('scales.realistic.meaning.lowest: "lowest" is not a place (top, middle, bottom) of realistic'));
    expect(problemsAfter("Your code is {{code}}.", "Your code is {{kode}}.")).toEqual([
      expect.stringContaining('{{kode}} is not a report variable (did you mean "code"?)'),
    ]);
  });

  it("accepts a variable about one named scale, and locates one about a scale or a kind that does not exist", () => {
    expect(problemsAfter("Your code is {{code}}.", "Your code is {{code}}; social {{score:social}} of {{max:social}}, {{band:social}}.")).toEqual([]);
    expect(problemsAfter("Your code is {{code}}.", "Social: {{score:socail}}.")).toEqual([
      expect.stringContaining('{{score:socail}}: the flow has no scale "socail" (did you mean "social"?)'),
    ]);
    expect(problemsAfter("Your code is {{code}}.", "Social: {{scor:social}}.")).toEqual([
      expect.stringContaining('{{scor:social}}: a scale variable is {{score:<scale>}}, {{max:<scale>}}, {{band:<scale>}} (did you mean "score"?)'),
    ]);
  });

  it("refuses a comparative variable in a text not conditioned on the claims rule's outcome (ADR 036)", () => {
    const problems = problemsAfter('  - when: { highest: one }\n    text: "The kind of work that holds', '  - text: "The kind of work that holds');
    expect(problems).toContainEqual(
      expect.stringMatching(
        /summary\.\d+: \{\{highest\}\} compares scales, so this text needs a condition on the claims rule's outcome \(add when: \{ highest: one \| tie \}/,
      ),
    );
    expect(problems).toContainEqual(expect.stringMatching(/\{\{code\}\} compares scales.*when: \{ flat: false \}/));
    // A tie cannot give one scale's score.
    const tie = problemsAfter("{{highest}} are level at the top of your interests", "{{highest}} ({{highest_score}}) are level at the top of your interests");
    expect(tie).toContainEqual(expect.stringContaining("{{highest_score}} compares scales"));
  });

  it("reports a YAML mistake and a wrong type at their place", () => {
    expect(problemsAfter("title: Your career interests report", "title: [Your career")[0]).toMatch(new RegExp(`^${FILE}:\\d+:\\d+`));
    expect(problemsAfter("          count: 12", "          count: 99")).toEqual([expect.stringContaining("sections.3.blocks.2.professions.count")]);
  });
});

describe("a likert answer written as a number in answer_of", () => {
  it("is told where it is and how to write it, not in zod's words", async () => {
    const file = "content/reports/anxiety_gad7/report.yaml";
    const flows = await readFlows(join(process.cwd(), "flows"), /^anxiety\.yaml$/);
    if (!flows.ok) throw new Error("anxiety flow is broken");
    const text = await readFile(join(process.cwd(), file), "utf8");
    const condition = 'when: { answer_of: gad1, in: ["2", "3"] }';
    expect(text).toContain(condition);
    const result = checkReportTemplate(file, text.replace(condition, "when: { answer_of: gad1, in: [2, 3] }"), flows.flows[0]!, library);
    const problems = result.ok ? [] : result.problems.map(formatProblem);
    const line = text.slice(0, text.indexOf(condition)).split("\n").length;
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${file}:${line}:\\d+ sections\\.\\d+\\.blocks\\.\\d+\\.list\\.\\d+\\.when\\.in\\.0 .*: 2 is a number, but in: compares text \\(band ids, option ids, and a likert answer written in quotes: "2"\\)$`,
        ),
      ),
      expect.stringMatching(/when\.in\.1 .*: 3 is a number, but in: compares text .*"3"\)$/),
    ]);
    expect(problems.join("\n")).not.toMatch(/expected string, received number/);
  });
});
