import { describe, expect, it } from "vitest";
import type { Answers } from "#engine/flow/types.ts";
import {
  blocks,
  blocksOfKind,
  expectValidDocument,
  hrefs,
  items,
  numbered,
  openBlocks,
  paidSectionsLocked,
  paragraphs,
  topicReport,
} from "../helpers/topic-report.ts";

/**
 * The true calling report (our own items on Dik & Duffy's definition): presence and search scored
 * as means of 0–4 answers with reversed items and optional "drawn to" items, the two scores read
 * together, the unscored answers choosing remarks and steps, and the statement that the items are
 * our own wherever a result shows.
 */
const { build, teaserFor, scale, scoreAndBand, articleHref } = topicReport(/^true-calling\.yaml$/, "content/reports/true_calling/report.yaml");

/**
 * The answers as given (0–4 each) to p1…p8 and s1…s8, in that order; p5, p6, s5 and s6 are the
 * reverse-worded ones. A shorter list leaves the last (optional) items unanswered.
 */
const answersOf = (presence: readonly number[], search: readonly number[], extra: Answers = {}): Answers => ({
  ...numbered("p", presence),
  ...numbered("s", search),
  values: ["learning"],
  helps_whom: "colleagues",
  meaning_now: "the_work",
  ...extra,
});
/** Answers that land each scale in a band: [low, moderate, high] as given, reversed items included. */
const AT = {
  low: [0, 0, 1, 0, 4, 3, 0, 0], // counts 0,0,1,0,0,1,0,0 → 0.25
  moderate: [2, 2, 2, 2, 2, 2, 2, 2], // → 2
  high: [4, 3, 4, 3, 0, 1, 3, 4], // counts 4,3,4,3,4,3,3,4 → 3.5
} as const;
type Band = keyof typeof AT;

describe("the true calling report", () => {
  it("scores each scale as the mean of 0–4 answers, reversing the negatively worded items, at each band line", () => {
    const presence = (answers: readonly number[]) => scoreAndBand(answersOf(answers, AT.low), "presence");
    expect(presence([0, 0, 0, 0, 4, 4, 0, 0])).toEqual([0, "low"]);
    // Answering 0 everywhere is not the bottom: "pays the bills and little more" at 0 counts as 4.
    expect(presence([0, 0, 0, 0, 0, 0, 0, 0])).toEqual([1, "low"]);
    expect(presence([1, 2, 2, 2, 2, 2, 0, 0])).toEqual([1.38, "low"]);
    expect(presence([2, 2, 2, 2, 2, 2, 0, 0])).toEqual([1.5, "moderate"]);
    expect(presence([3, 3, 3, 3, 1, 1, 1, 0])).toEqual([2.38, "moderate"]);
    expect(presence([3, 3, 3, 3, 1, 1, 1, 1])).toEqual([2.5, "high"]);
    expect(presence([4, 4, 4, 4, 0, 0, 4, 4])).toEqual([4, "high"]);
    expect(scale(answersOf(AT.low, [2, 2, 2, 2, 2, 2, 0, 0]), "search")).toMatchObject({ score: 1.5, band: "moderate", min: 0, max: 4 });
    expect(scale(answersOf(AT.low, [3, 3, 3, 3, 1, 1, 1, 0]), "search")).toMatchObject({ score: 2.38, band: "moderate" });
    expect(scale(answersOf(AT.low, [3, 3, 3, 3, 1, 1, 1, 1]), "search")).toMatchObject({ score: 2.5, band: "high" });
    expect(scale(answersOf(AT.low, [4, 4, 4, 4, 4, 4, 4, 4]), "search")).toMatchObject({ score: 3, band: "high" });
  });

  it("leaves skipped 'drawn to' statements out of the average instead of counting them as 0", () => {
    expect(scale(answersOf([3, 3, 3, 3, 1, 1], AT.low), "presence")).toMatchObject({ score: 3, band: "high", answered: 6, items: 8 });
    expect(scale(answersOf([3, 3, 3, 3, 1, 1, 0, 0], AT.low), "presence")).toMatchObject({ score: 2.25, band: "moderate", answered: 8 });
  });

  it("has every promised section, and the summary names the level and says the statements are our own", () => {
    const doc = build(answersOf(AT.moderate, AT.high), "Ines");
    expectValidDocument(doc);
    expect(doc.sections.map((s) => s.id)).toEqual(["levels", "combination", "meaning", "next-steps", "method"]);
    expect(doc.summary).toBe(
      "Ines, your answers show some sense of calling in your work, not yet clear or steady. This report explains your two scores, what having a calling and searching for one mean together, where your sense of meaning comes from, and next steps that fit. The statements are our own, based on research on calling; read this as a starting point for reflection, not a verdict.",
    );
    const chart = blocksOfKind(doc, "levels", "scale_chart")[0];
    expect(chart).toMatchObject({
      scales: [
        { id: "search", score: 3.5, max: 4, band: { label: "High" }, higher_is: "neutral" },
        { id: "presence", score: 2, max: 4, band: { label: "Moderate" } },
      ],
    });
    expect(paragraphs(doc, "method").join(" ")).toContain("The statements are our own");
    expect(build(answersOf(AT.low, AT.low)).summary).toMatch(/^Your answers show little sense of calling in your work right now\./);
  });

  it("reads the two scores together: one different picture for each combination of levels", () => {
    const picture = (p: Band, s: Band) => {
      const shown = blocksOfKind(build(answersOf(AT[p], AT[s])), "combination", "callout").map((b) => b.title);
      expect(shown).toHaveLength(1);
      return shown[0];
    };
    expect(picture("high", "low")).toBe("Settled in your calling");
    expect(picture("high", "moderate")).toBe("Living it and still curious");
    expect(picture("high", "high")).toBe("Living it and still searching");
    expect(picture("moderate", "low")).toBe("Partly there, and not searching");
    expect(picture("moderate", "moderate")).toBe("Partly there, and open to more");
    expect(picture("moderate", "high")).toBe("Partly there, and actively looking");
    expect(picture("low", "low")).toBe("Not a focus for now");
    expect(picture("low", "moderate")).toBe("Wondering");
    expect(picture("low", "high")).toBe("Actively looking");
  });

  it("speaks to the values, the people and the source of meaning the person chose", () => {
    const doc = build(answersOf(AT.moderate, AT.low, { values: ["fairness", "helping"], helps_whom: "in_need", meaning_now: "outside" }));
    expect(items(doc, "meaning").map((t) => t.split(":")[0])).toEqual(["Helping people directly", "Fairness and standing up for people"]);
    const said = paragraphs(doc, "meaning").join(" ");
    expect(said).toContain("people who are struggling or treated unfairly");
    expect(said).toContain("most of your sense of meaning comes from outside work");
    expect(said).not.toContain("talk to someone you trust or to your doctor");
    // Finding little meaning anywhere: a gentle word about low mood, and it comes first in the steps.
    const flat = build(answersOf(AT.low, AT.low, { meaning_now: "unsure" }));
    expect(paragraphs(flat, "meaning").join(" ")).toContain("talk to someone you trust or to your doctor");
    expect(items(flat, "next-steps")[0]).toMatch(/^Talk to your doctor or someone you trust/);
  });

  it("chooses next steps by the two levels, and links to the account's plan, tool and articles", () => {
    const searching = build(answersOf(AT.low, AT.high));
    const steps = items(searching, "next-steps");
    expect(steps[0]).toMatch(/^Choose one direction that pulls you and test it/);
    expect(steps.some((t) => t.startsWith("Change one small thing in your current job"))).toBe(true);
    expect(steps.some((t) => t.startsWith("Set one limit"))).toBe(false);
    expect(hrefs(searching, "next-steps")).toEqual(
      expect.arrayContaining([articleHref("testing-a-career-idea-before-you-leap"), "/account/plans/career-clarity-7-days", "/account/tools/values-card-sort"]),
    );
    const settled = build(answersOf(AT.high, AT.low));
    const settledSteps = items(settled, "next-steps");
    expect(settledSteps[0]).toMatch(/^Write down the three parts of your work/);
    expect(settledSteps.some((t) => t.startsWith("Set one limit that protects your energy"))).toBe(true);
    expect(settledSteps.some((t) => t.startsWith("Choose one direction"))).toBe(false);
    expect(hrefs(settled, "next-steps")).toEqual(
      expect.arrayContaining([articleHref("finding-work-that-feels-meaningful"), articleHref("job-crafting-small-changes-big-difference")]),
    );
    expect(blocks(settled, "levels")).toContainEqual(expect.objectContaining({ kind: "callout", tone: "watch", title: "Having a calling" }));
  });

  it("the free teaser shows both levels and locks every other section", () => {
    const teaser = teaserFor(answersOf(AT.high, AT.moderate));
    expect(teaser.summary).toMatch(/^Your sense of having a calling is high: /);
    expect(teaser.summary).toContain("The statements are our own");
    const open = openBlocks(teaser);
    expect(open.map((b) => b.kind)).toEqual(["scale_chart", "scale_detail"]);
    expect(open[0]).toMatchObject({
      caption: "Your levels",
      scales: [
        { id: "presence", band: { label: "High" } },
        { id: "search", band: { label: "Moderate" } },
      ],
    });
    expect(teaser.sections.slice(1).map((s) => s.title)).toEqual([
      "Having a calling and searching for one, together",
      "What gives your work meaning",
      "Your next steps",
      "How the check works, and its sources",
    ]);
    expect(paidSectionsLocked(teaser)).toBe(true);
  });

  it("gives the same document for the same answers", () => {
    const answers = answersOf(AT.moderate, AT.moderate, { values: ["nature", "security", "making"], helps_whom: "future" });
    expect(build(answers, "Ines")).toEqual(build(answers, "Ines"));
  });
});
