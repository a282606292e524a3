import { describe, expect, it } from "vitest";
import type { Answers } from "#engine/flow/types.ts";
import { blocksOfKind, expectValidDocument, hrefs, items, numbered, openBlocks, paidSectionsLocked, paragraphs, topicReport } from "../helpers/topic-report.ts";
import { reportFeedbackHref } from "#web/shared/report/feedback-href.ts";

/**
 * The work–life balance report (our own items): three 1–5 means with one reversed item each, our
 * band lines, the sections a reader was promised, remarks on their week and changes chosen from
 * what they said they would change, and the topic's feedback page under the report.
 */
const { build, teaserFor, scoreAndBand, flow } = topicReport(/^work_life\.yaml$/, "content/reports/work_life_balance/report.yaml");

/** Answers as given (1 Strongly disagree … 5 Strongly agree): wl1–wl5, lw1–lw5, b1–b4, and the unscored questions. */
const answersOf = (workToLife: number[], lifeToWork: number[], balance: number[], extra: Answers = {}): Answers => ({
  ...numbered("wl", workToLife),
  ...numbered("lw", lifeToWork),
  ...numbered("b", balance),
  hours: "h31_40",
  place: "short_commute",
  caring: ["none"],
  change: ["time_for_me"],
  ...extra,
});
/** The fifth spill-over item and the fourth balance item are worded the other way and reversed. */
const NO_SPILL = [1, 1, 1, 1, 5];
const FULL_SPILL = [5, 5, 5, 5, 1];
const SATISFIED = [5, 5, 5, 1];
const DISSATISFIED = [1, 1, 1, 5];
const NEUTRAL = [3, 3, 3, 3, 3];

describe("the work–life balance report", () => {
  it("scores each spill-over direction as the 1–5 mean with its positively worded item reversed, at our lines 2.5 and 3.5", () => {
    for (const id of ["work_to_life", "life_to_work"] as const) {
      const at = (five: number[]) => scoreAndBand(id === "work_to_life" ? answersOf(five, NEUTRAL, SATISFIED) : answersOf(NEUTRAL, five, SATISFIED), id);
      expect(at(NO_SPILL)).toEqual([1, "low"]);
      // Disagreeing with everything is not "no spill-over": it includes disagreeing that work leaves room.
      expect(at([1, 1, 1, 1, 1])).toEqual([1.8, "low"]);
      expect(at([2, 2, 3, 3, 4])).toEqual([2.4, "low"]);
      expect(at([3, 2, 3, 3, 4])).toEqual([2.6, "moderate"]);
      expect(at([4, 3, 4, 3, 3])).toEqual([3.4, "moderate"]);
      expect(at([4, 4, 4, 3, 3])).toEqual([3.6, "high"]);
      expect(at(FULL_SPILL)).toEqual([5, "high"]);
    }
  });

  it("scores balance satisfaction as the 1–5 mean with 'one part gets the best of me' reversed", () => {
    const at = (four: number[]) => scoreAndBand(answersOf(NEUTRAL, NEUTRAL, four), "balance");
    expect(at(DISSATISFIED)).toEqual([1, "low"]);
    expect(at([5, 5, 5, 5])).toEqual([4, "good"]);
    expect(at([2, 2, 3, 4])).toEqual([2.25, "low"]);
    expect(at([2, 3, 3, 4])).toEqual([2.5, "mixed"]);
    expect(at([3, 3, 4, 3])).toEqual([3.25, "mixed"]);
    expect(at([4, 3, 4, 3])).toEqual([3.5, "good"]);
    expect(at(SATISFIED)).toEqual([5, "good"]);
  });

  it("has every promised section, in order; the summary reads the balance, and the levels name what to watch", () => {
    const doc = build(answersOf([4, 4, 4, 3, 3], NO_SPILL, [2, 2, 3, 4]), "Kim");
    expectValidDocument(doc);
    expect(doc.sections.map((s) => s.id)).toEqual(["levels", "week", "next-steps", "method"]);
    expect(doc.sections.map((s) => s.title)).toEqual([
      "Your balance from three sides",
      "Your week: hours, place of work and care",
      "Changes to try first",
      "How the check works, and its sources",
    ]);
    expect(doc.summary).toBe(
      "Kim, you are not satisfied with the way your work and the rest of your life fit together right now. This report shows where the strain comes from, work spilling into your life or life into your work, what your week adds to it, and the changes to try first.",
    );
    const chart = blocksOfKind(doc, "levels", "scale_chart")[0];
    expect(chart).toMatchObject({
      scales: [
        { id: "work_to_life", score: 3.6, min: 1, max: 5, band: { label: "High" }, higher_is: "worse" },
        { id: "balance", score: 2.25, band: { label: "Low" }, higher_is: "better" },
        { id: "life_to_work", score: 1, band: { label: "Low" }, higher_is: "worse" },
      ],
    });
    const callouts = blocksOfKind(doc, "levels", "callout").map((b) => [b.tone, b.title]);
    expect(callouts).toEqual([
      ["strength", "Life spilling into work"],
      ["watch", "Work spilling into life"],
      ["watch", "Balance satisfaction"],
    ]);
    expect(paragraphs(doc, "levels").join(" ")).toContain("the burnout check at /burnout");
    expect(paragraphs(doc, "method").join(" ")).toContain("The questions are our own");

    const content = build(answersOf(NO_SPILL, NO_SPILL, SATISFIED));
    expect(content.summary).toMatch(/^You are largely satisfied with the way your work and the rest of your life fit together right now\./);
    expect(paragraphs(content, "levels").join(" ")).not.toContain("/burnout");
  });

  it("describes the person's own week: hours, place of work and who they care for", () => {
    const long = build(answersOf(FULL_SPILL, NEUTRAL, DISSATISFIED, { hours: "over_50", place: "home", caring: ["children", "adult"] }));
    const week = paragraphs(long, "week");
    expect(week.map((t) => t.split(".")[0])).toEqual([
      "You work more than 50 hours in a typical week",
      "You work mostly at home",
      "You look after children",
      "You care for an adult who needs support",
    ]);
    expect(week[0]).toContain("55 hours or more a week");
    const short = paragraphs(build(answersOf(NO_SPILL, NO_SPILL, SATISFIED, { hours: "up_to_30", place: "long_commute" })), "week");
    expect(short.map((t) => t.split(".")[0])).toEqual([
      "You work up to 30 hours in a typical week",
      "Your journey to work is 30 minutes or more",
      "You have no caring duties at the moment",
    ]);
  });

  it("puts the changes the person chose first, then steps for the direction that strains them", () => {
    const workHeavy = items(build(answersOf(FULL_SPILL, NO_SPILL, DISSATISFIED, { change: ["switch_off", "people"] })), "next-steps");
    expect(workHeavy.map((t) => t.split(":")[0])).toEqual([
      "Not being reachable after hours",
      "More time with the people you love",
      "Set a finish time for each working day this week. Before you stop, write down tomorrow's first task, then close your work apps.",
      "At the end of each week, ask yourself one question",
    ]);
    const lifeHeavy = items(build(answersOf(NO_SPILL, FULL_SPILL, DISSATISFIED, { change: ["home_help"] })), "next-steps");
    expect(lifeHeavy[0]).toMatch(/^More help at home or with care:/);
    expect(lifeHeavy.some((t) => t.startsWith("Ask your manager or HR what flexibility is possible"))).toBe(true);
    expect(lifeHeavy.some((t) => t.startsWith("Set a finish time"))).toBe(false);
  });

  it("links to the balance plan and audit, with articles and tools for the direction that strains most", () => {
    const workHeavy = hrefs(build(answersOf(FULL_SPILL, NO_SPILL, [2, 2, 3, 4])), "next-steps");
    expect(workHeavy).toEqual(expect.arrayContaining(["/account/plans/work-life-balance-7-days", "/account/tools/work-life-balance-audit"]));
    expect(workHeavy.some((href) => /^\/account\/library\/\d+$/.test(href))).toBe(true);
    expect(workHeavy).not.toContain("/account/tools/weekly-time-audit");
    const lifeHeavy = hrefs(build(answersOf(NO_SPILL, FULL_SPILL, DISSATISFIED)), "next-steps");
    expect(lifeHeavy).toEqual(
      expect.arrayContaining(["/account/tools/weekly-time-audit", "/account/plans/work-life-balance-7-days", "/account/tools/work-life-balance-audit"]),
    );
  });

  it("the free teaser shows the three levels and what the balance means, the rest locked; feedback goes to the work–life page", () => {
    const teaser = teaserFor(answersOf(FULL_SPILL, NEUTRAL, DISSATISFIED));
    expect(teaser.summary).toMatch(/^Your balance satisfaction is low, 1 out of 5:/);
    const open = openBlocks(teaser);
    // Work into life (at the top) and balance (at the bottom) are equally far from the middle, but the
    // teaser leads with balance, which its summary reads (the template's lead, ADR 050).
    expect(open.map((b) => b.kind)).toEqual(["scale_chart", "scale_detail"]);
    const [chart, detail] = open;
    expect(chart).toMatchObject({
      caption: "Your levels",
      scales: [{ id: "work_to_life", band: { label: "High" } }, { id: "life_to_work" }, { id: "balance", band: { label: "Low" } }],
    });
    expect(detail).toMatchObject({ scale: { id: "balance", band: { label: "Low" } } });
    expect(teaser.claims).toContainEqual({ at: "levels", kind: "lead", scales: ["balance"] });
    expect(paidSectionsLocked(teaser)).toBe(true);
    expect(teaserFor(answersOf(NO_SPILL, NO_SPILL, [4, 3, 4, 3])).summary).toMatch(/^Your balance satisfaction is good, 3\.5 out of 5:/);
    expect(reportFeedbackHref(flow().topic, flow().report)).toBe("/feedback-work_life?report=work_life_balance");
  });

  it("builds the same document from the same answers", () => {
    const answers = answersOf([4, 3, 4, 2, 3], [2, 3, 2, 2, 4], [3, 2, 3, 4], {
      hours: "h41_50",
      place: "hybrid",
      caring: ["children"],
      change: ["flexibility", "commute"],
    });
    expect(JSON.stringify(build(answers, "Jo"))).toBe(JSON.stringify(build(answers, "Jo")));
  });
});
