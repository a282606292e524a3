import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { Answers } from "#engine/flow/types.ts";
import { loadFlow } from "#engine/flow/load/load-flow.ts";
import { checkPromises } from "#engine/report/check-promises.ts";
import { checkReportTemplate } from "#engine/report/check-template.ts";
import { formatProblem } from "#engine/yaml/parse-located.ts";
import { blocks, loadTopic, numbered, paidSectionsLocked, topicReport } from "../helpers/topic-report.ts";

/**
 * Help is never for sale (ADR 030): a report section marked `help` is open, whole, in the free
 * teaser when the band that calls for help holds, and absent from it otherwise (never locked);
 * the paid report keeps it for everyone; no pre-checkout line may deliver it, and a help callout
 * outside such a section is refused.
 */
const anxiety = topicReport(/^anxiety\.yaml$/, "content/reports/anxiety_gad7/report.yaml");
const burnout = topicReport(/^burnout\.yaml$/, "content/reports/burnout_cbi/report.yaml");
const stress = topicReport(/^stress-level\.yaml$/, "content/reports/stress_level/report.yaml");

const gad = (each: number): Answers => ({ ...numbered("gad", Array(7).fill(each) as number[]), duration: "months", triggers: ["work"], helps: [] });
const cbi = (personal: number, work: number): Answers => ({
  ...numbered("p", Array(6).fill(personal) as number[]),
  // The seventh work item (energy for family and friends) is reversed: 100 - work counts as work.
  ...numbered("w", [...(Array(6).fill(work) as number[]), 100 - work]),
  drains: ["workload"],
  duration: "months",
});
const pss = (level: number): Answers => ({
  ...numbered("s", [level, level, level, level, level, level, 4 - level, 4 - level, 4 - level, 4 - level]),
  ...numbered("r", [2, 2, 2, 2, 2]),
  sources: ["work"],
  shows_up: "busy",
  sleep: "good",
  helps: [],
});

/** The teaser's help section: "open" (whole, as in the paid report), "absent", or what went wrong. */
function helpIn(topic: typeof anxiety, answers: Answers): "open" | "absent" | "locked" | "partial" {
  const teaser = topic.teaserFor(answers);
  const paid = topic.build(answers);
  // The paid report has the help section whatever the band.
  expect(blocks(paid, "help").length).toBeGreaterThan(0);
  const section = teaser.sections.find((s) => s.id === "help");
  if (!section) {
    expect(paidSectionsLocked(teaser)).toBe(true);
    return "absent";
  }
  if (section.locked) return "locked";
  expect(paidSectionsLocked(teaser, ["help"])).toBe(true);
  return JSON.stringify(section.blocks) === JSON.stringify(blocks(paid, "help")) ? "open" : "partial";
}

describe("the help section in the free teaser", () => {
  it("anxiety: open from a moderate score (10, where the GAD-7's authors advise further evaluation), absent below", () => {
    expect(anxiety.scoreAndBand(gad(3), "anxiety")).toEqual([21, "severe"]);
    expect(helpIn(anxiety, gad(3))).toBe("open");
    expect(helpIn(anxiety, { ...gad(1), gad1: 2, gad2: 2, gad3: 2 })).toBe("open"); // 10, moderate
    expect(helpIn(anxiety, { ...gad(1), gad1: 2, gad2: 2 })).toBe("absent"); // 9, mild
    expect(helpIn(anxiety, gad(0))).toBe("absent");
    const severe = blocks(anxiety.teaserFor(gad(3)), "help");
    expect(severe[0]).toMatchObject({ kind: "callout", tone: "help", title: "If you are in crisis", text: expect.stringContaining("116 123") });
  });

  it("burnout: open when either scale is very high (where the funnel's help step comes), absent below", () => {
    expect(helpIn(burnout, cbi(100, 0))).toBe("open");
    expect(helpIn(burnout, cbi(0, 100))).toBe("open");
    expect(helpIn(burnout, cbi(75, 75))).toBe("open");
    expect(helpIn(burnout, cbi(50, 50))).toBe("absent");
    expect(helpIn(burnout, cbi(0, 0))).toBe("absent");
  });

  it("stress: open at a very high perceived stress (where the funnel's help step comes), absent below", () => {
    expect(stress.scoreAndBand(pss(4), "stress")).toEqual([4, "very-high"]);
    expect(helpIn(stress, pss(4))).toBe("open");
    expect(stress.scoreAndBand(pss(3), "stress")).toEqual([3, "high"]);
    expect(helpIn(stress, pss(3))).toBe("absent");
    expect(helpIn(stress, pss(0))).toBe("absent");
  });
});

describe("checking templates and pre-checkouts for help that is sold", () => {
  const TEMPLATE = "content/reports/anxiety_gad7/report.yaml";

  it("refuses a help callout in a section not marked as help, located, and a help condition on a band the scale does not have", async () => {
    const { flow, library } = await loadTopic(/^anxiety\.yaml$/, TEMPLATE);
    const good = await readFile(join(process.cwd(), TEMPLATE), "utf8");
    const line = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;
    // The help section loses its mark: its crisis callout would be locked before payment.
    const unmarked = good.replace(/\n {4}help:\n {6}when_any:\n {8}- \{ band_of: anxiety, in: \[moderate, severe\] \}/, "");
    expect(unmarked).not.toBe(good);
    const problems = (text: string) => {
      const checked = checkReportTemplate(TEMPLATE, text, flow, library);
      return checked.ok ? [] : checked.problems.map(formatProblem);
    };
    expect(problems(good)).toEqual([]);
    expect(problems(unmarked)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${TEMPLATE}:${line(unmarked, "tone: help")}:\\d+ sections\\.3\\.blocks\\.0\\.callout\\.tone \\[section help, block 1 \\(callout\\)\\]: a help callout in section "help", which is not marked as help, would be locked before payment \\(move it to the help section, or mark this section help: true`,
        ),
      ),
    ]);
    expect(problems(good.replace("- { band_of: anxiety, in: [moderate, severe] }", "- { band_of: anxiety, in: [moderate, sever] }"))).toEqual([
      expect.stringContaining('sections.3.help.when_any.0.in [section help]: anxiety has no band "sever" (did you mean "severe"?)'),
    ]);
  });

  it("refuses a pre-checkout line that delivers a help section, at its file, line and column, with a hint (fixture flow)", async () => {
    const path = join(import.meta.dirname, "..", "fixtures", "flows", "promises-help.yaml");
    const file = relative(process.cwd(), path);
    const text = await readFile(path, "utf8");
    const loaded = loadFlow(file, text);
    if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join("\n"));
    const sections = new Map([["fx_help_report", [{ id: "level" }, { id: "next-steps" }, { id: "help", help: true }]]]);
    const problems = checkPromises([loaded.value], sections, new Map([[file, text]])).map(formatProblem);
    const at = text.split("\n").findIndex((l) => l.includes("delivers: help }"));
    const column = text.split("\n")[at]!.indexOf("help }") + 1;
    expect(problems).toEqual([
      `${file}:${at + 1}:${column} steps.3.includes.3.delivers [pre_checkout]: section "help" of report fx_help_report is where to find help, which is never for sale: it is open in the free result (remove this line from includes: help is not part of what the payment buys)`,
    ]);
    // Without the mark the same line is a promise like any other.
    expect(
      checkPromises([loaded.value], new Map([["fx_help_report", [{ id: "level" }, { id: "next-steps" }, { id: "help" }]]]), new Map([[file, text]])),
    ).toEqual([]);
  });
});
