import { describe, expect, it } from "vitest";
import { scoreAnswers } from "#engine/flow/score.ts";
import { buildReport, buildTeaser } from "#engine/report/build-report.ts";
import { reportScales } from "#engine/report/report-scales.ts";
import { answersAt } from "../helpers/claims-check.ts";
import { freeLines, reportLines } from "../helpers/rendered-report.tsx";
import { loadTopic } from "../helpers/topic-report.ts";

/**
 * The examples of issue 27, read as the page prints them (ADR 050): what the visitor reads for a
 * staircase career profile, a spread of 10–20 points, a three-way tie, and the free stress and
 * work–life summaries. The property test (rendered-claims.test.ts) holds the same rule over random sets.
 */
async function pages(flowFile: RegExp, template: string, targets: Record<string, number>) {
  const topic = await loadTopic(flowFile, template);
  const answers = answersAt(topic.flow, targets);
  const scores = scoreAnswers(topic.flow, answers);
  const input = { ...topic, answers, scores, firstName: null, completedAt: new Date("2026-11-24T09:30:00.000Z"), professions: [], resultId: null };
  const teaser = buildTeaser(input);
  const positions = Object.fromEntries(reportScales(topic.flow, topic.template, scores).map((s) => [s.id, s.percent]));
  return { report: reportLines(buildReport(input)), ...freeLines({ flow: topic.flow, template: topic.template, answers, scores, teaser }), positions };
}
const after = (lines: string[], label: string, count: number) => lines.slice(lines.indexOf(label) + 1, lines.indexOf(label) + 1 + count);

describe("sentences that place a scale, as the visitor reads them", () => {
  it("a career staircase (R 20, I 19, A 18, S 17, E 16, C 15 of 20) is measured from the top, not along the chain", async () => {
    const p = await pages(/^career\.yaml$/, "content/reports/career_riasec/report.yaml", {
      realistic: 1,
      investigative: 0.95,
      artistic: 0.9,
      social: 0.85,
      enterprising: 0.8,
      conventional: 0.75,
    });
    expect(p.positions).toEqual({ realistic: 100, investigative: 95, artistic: 90, social: 85, enterprising: 80, conventional: 75 });
    expect(p.report.find((l) => l.includes("at the top of your interests"))).toMatch(/^Realistic and Investigative are level at the top/);
    // "One of your strongest areas": the two strongest, measured from the top (only R leads A by 10 points).
    expect(p.report.filter((l) => l.includes("This is one of your strongest areas"))).toHaveLength(3);
    // What you bring: the three strongest (S is led by R and I only); E and C are led by three or more.
    const strengths = p.report.flatMap((l, i) => (l === "Strength" ? [p.report[i + 1]] : []));
    expect(strengths).toEqual(["Realistic", "Investigative", "Artistic", "Social"]);
    // The pre-checkout's "Your strongest interest areas": not all six.
    const bars = after(p.preCheckout, "Your strongest interest areas", 8).filter((l) => /^[A-Z][a-z]+\d+%$/.test(l));
    expect(bars.map((l) => l.replace(/\d+%$/, ""))).toEqual(["Realistic", "Investigative", "Artistic", "Social"]);
  }, 60_000);

  it("names no habit at both ends when the spread is 10–20 points (income)", async () => {
    const p = await pages(/^income\.yaml$/, "content/reports/income_growth/report.yaml", { skills: 0.875, visibility: 0.875, asking: 0.8125, planning: 0.75 });
    const summary = p.report[p.report.indexOf("In short") + 1]!;
    expect(summary).toMatch(/level as your strongest habits/);
    expect(summary).toMatch(/most room to grow is career planning\./);
    // Asking (81) is level with the top (88), so it is among the strongest and not also at the bottom.
    const [strongest, room] = summary.split(", and ");
    expect(strongest).toMatch(/knowing and asking for your worth/);
    expect(room).not.toMatch(/knowing and asking for your worth/);
  }, 60_000);

  it("a tie of three in the emotional style teaser reads right for three names", async () => {
    const p = await pages(/^emotional_intelligence\.yaml$/, "content/reports/emotional_intelligence_ipip/report.yaml", {
      attention: 0.75,
      positive: 0.75,
      decisions: 0.75,
      negative: 0.5,
    });
    const said = p.summary.find((l) => l.includes("equally marked"))!;
    expect(said).toMatch(/^Attention to emotions, positive expressivity and emotion-based decisions are equally marked/);
    expect(said).not.toMatch(/\bneither\b|\bthe other\b/);
  }, 60_000);

  it("the free stress summary, headed 'Your stress level', features the stress score", async () => {
    // Recovery at the bottom is the more marked scale; the page is about stress.
    const p = await pages(/^stress-level\.yaml$/, "content/reports/stress_level/report.yaml", { stress: 0.5, recovery: 0 });
    expect(p.summary[0]).toBe("Your stress level");
    expect(after(p.summary, "Your level", 1)).toEqual(["Perceived stress"]);
    expect(p.summary).toContain("Recovery and support: Low (0 of 4)");
  }, 60_000);

  it("the free work–life summary compares nothing it does not show: balance first, no 'equally marked'", async () => {
    const p = await pages(/^work_life\.yaml$/, "content/reports/work_life_balance/report.yaml", { work_to_life: 0.7, life_to_work: 0.375, balance: 0.4 });
    expect(after(p.summary, "Your level", 1)).toEqual(["Balance satisfaction"]);
    expect(p.summary.some((l) => l.startsWith("Equally marked"))).toBe(false);
  }, 60_000);
});
