import { describe, expect, it } from "vitest";
import type { Answers } from "#engine/flow/types.ts";
import { blocksOfKind, expectValidDocument, hrefs, items, numbered, openBlocks, paidSectionsLocked, paragraphs, topicReport } from "../helpers/topic-report.ts";

/**
 * The stress report (our own items on perceived stress, and recovery and support): the 0–4 means
 * with the positively worded items reversed, our band lines, the sections a reader was promised,
 * steps chosen by where the pressure comes from, and help open before payment at the top band.
 */
const { build, teaserFor, scale, scoreAndBand } = topicReport(/^stress-level\.yaml$/, "content/reports/stress_level/report.yaml");

/** Answers as given (0 Never … 4 Very often): ten stress items s1–s10, five recovery items r1–r5, and the unscored questions. */
const answersOf = (stress: number[], recovery: number[], extra: Answers = {}): Answers => ({
  ...numbered("s", stress),
  ...numbered("r", recovery),
  sources: ["work"],
  shows_up: "busy",
  sleep: "good",
  helps: [],
  ...extra,
});
/** s1–s6 are stressful when frequent; s7–s10 (coping, predictability, time, a say) are reversed. */
const CALM = [0, 0, 0, 0, 0, 0, 4, 4, 4, 4];
const STRESSED = [4, 4, 4, 4, 4, 4, 0, 0, 0, 0];
/** r1–r4 restore when frequent; r5 (dealing with troubles alone) is reversed. */
const RESTED = [4, 4, 4, 4, 0];
const DEPLETED = [0, 0, 0, 0, 4];
const MIDDLING = [2, 2, 2, 2, 2];

describe("the stress report", () => {
  it("scores perceived stress as the 0–4 mean with the four positively worded items reversed, at each of our band lines", () => {
    const stress = (answers: number[]) => scoreAndBand(answersOf(answers, MIDDLING), "stress");
    expect(stress(CALM)).toEqual([0, "low"]);
    // Answering Never to everything is not calm: never feeling able to cope counts as stress.
    expect(stress([0, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toEqual([1.6, "moderate"]);
    expect(stress([4, 4, 4, 4, 4, 4, 4, 4, 4, 4])).toEqual([2.4, "moderate"]);
    expect(stress([2, 2, 2, 2, 2, 0, 4, 4, 4, 4])).toEqual([1, "low"]);
    expect(stress([2, 2, 2, 2, 2, 0, 4, 4, 4, 3])).toEqual([1.1, "low"]);
    expect(stress([3, 3, 3, 2, 2, 0, 4, 4, 4, 3])).toEqual([1.4, "low"]);
    expect(stress([3, 3, 3, 2, 2, 1, 4, 4, 4, 3])).toEqual([1.5, "moderate"]);
    expect(stress([3, 3, 3, 3, 3, 3, 2, 2, 3, 3])).toEqual([2.4, "moderate"]);
    expect(stress([3, 3, 3, 3, 3, 3, 2, 2, 2, 3])).toEqual([2.5, "high"]);
    expect(stress([4, 4, 3, 3, 3, 3, 1, 1, 1, 1])).toEqual([3.2, "high"]);
    expect(stress([4, 4, 4, 3, 3, 3, 1, 1, 1, 1])).toEqual([3.3, "very-high"]);
    expect(stress(STRESSED)).toEqual([4, "very-high"]);
    expect(scale(answersOf(STRESSED, MIDDLING), "stress")).toMatchObject({ min: 0, max: 4 });
  });

  it("scores recovery and support as the 0–4 mean with dealing with troubles alone reversed", () => {
    const recovery = (answers: number[]) => scoreAndBand(answersOf(CALM, answers), "recovery");
    expect(recovery(DEPLETED)).toEqual([0, "low"]);
    expect(recovery([0, 0, 0, 0, 0])).toEqual([0.8, "low"]);
    expect(recovery([2, 2, 1, 1, 3])).toEqual([1.4, "low"]);
    expect(recovery([2, 2, 2, 1, 3])).toEqual([1.6, "moderate"]);
    expect(recovery([3, 3, 2, 2, 2])).toEqual([2.4, "moderate"]);
    expect(recovery([3, 3, 3, 2, 2])).toEqual([2.6, "good"]);
    expect(recovery(RESTED)).toEqual([4, "good"]);
  });

  it("has every promised section, in order; the summary names the stress level and says it is not a diagnosis", () => {
    const doc = build(answersOf([3, 3, 3, 3, 3, 3, 2, 2, 2, 3], MIDDLING), "Ana");
    expectValidDocument(doc);
    expect(doc.sections.map((s) => s.id)).toEqual(["levels", "pressure", "next-steps", "help", "method"]);
    expect(doc.sections.map((s) => s.title)).toEqual([
      "Your stress and recovery",
      "Where your pressure comes from",
      "Your next steps",
      "When and where to get help",
      "How the check works, and its sources",
    ]);
    expect(doc.summary).toBe(
      "Ana, your perceived stress over the last month is high, 2.5 out of 4: much of the time you felt stretched, unsettled or out of control. This report explains your stress and recovery levels, looks at where your pressure comes from, suggests practical next steps and says when to talk to a doctor. It is a self-assessment, not a diagnosis.",
    );
    const chart = blocksOfKind(doc, "levels", "scale_chart")[0];
    expect(chart).toMatchObject({
      scales: [
        { id: "stress", score: 2.5, max: 4, band: { label: "High" }, higher_is: "worse" },
        { id: "recovery", score: 2, max: 4, band: { label: "Moderate" }, higher_is: "better" },
      ],
    });
    expect(blocksOfKind(doc, "levels", "callout").map((b) => [b.tone, b.title])).toEqual([["watch", "Perceived stress"]]);
    expect(paragraphs(doc, "method").join(" ")).toContain("The questions are our own");
  });

  it("leads with the stress level even when recovery scores higher, and greets without a name", () => {
    const doc = build(answersOf(CALM, RESTED));
    expect(doc.summary).toMatch(/^Your perceived stress over the last month is low, 0 out of 4:/);
    const callouts = blocksOfKind(doc, "levels", "callout").map((b) => [b.tone, b.title]);
    expect(callouts).toEqual([
      ["strength", "Recovery and support"],
      ["strength", "Perceived stress"],
    ]);
  });

  it("names the sources of pressure the person chose, and points to the anxiety check when worry leads", () => {
    const doc = build(answersOf(STRESSED, DEPLETED, { sources: ["money", "caring"], shows_up: "worry", sleep: "very_poor" }));
    expect(items(doc, "pressure").map((t) => t.split(":")[0])).toEqual(["Money", "Caring for someone"]);
    expect(paragraphs(doc, "pressure").join(" ")).toContain("take our anxiety check at /anxiety");
    expect(paragraphs(doc, "pressure").join(" ")).toContain("your sleep has often been poor");
    const steps = items(doc, "next-steps");
    expect(steps[0]).toMatch(/^Book an appointment with your doctor/);
    expect(steps[1]).toMatch(/^Worry is the main way stress shows up for you: take the free anxiety check at \/anxiety/);
    expect(steps.some((t) => t.startsWith("Pressure from money"))).toBe(true);
    expect(steps.some((t) => t.startsWith("Pressure from caring"))).toBe(true);
    expect(steps.some((t) => t.startsWith("Pressure from work"))).toBe(false);
    expect(steps.some((t) => t.startsWith("For your sleep"))).toBe(true);
    expect(steps.some((t) => t.startsWith("Put one thing that restores you"))).toBe(true);

    const calm = build(answersOf(CALM, RESTED, { sources: ["unsure"], shows_up: "body" }));
    expect(items(calm, "pressure")).toEqual([]);
    expect(paragraphs(calm, "pressure").join(" ")).toContain("You did not name one source of pressure");
    expect(paragraphs(calm, "pressure").join(" ")).not.toContain("/anxiety");
    const calmSteps = items(calm, "next-steps");
    expect(calmSteps.some((t) => /doctor|anxiety check|restores you|For your sleep/.test(t))).toBe(false);
  });

  it("links to the stress articles, the 10-day plan and the energy map, plus what fits the sources named", () => {
    const work = hrefs(build(answersOf(STRESSED, MIDDLING)), "next-steps");
    expect(work).toEqual(
      expect.arrayContaining(["/account/plans/stress-reset-10-days", "/account/tools/energy-map", expect.stringMatching(/^\/account\/library\/\d+$/)]),
    );
    // three articles from the scales' links plus the work-boundaries article
    expect(work.filter((href) => href.startsWith("/account/library/"))).toHaveLength(4);
    const money = hrefs(build(answersOf(STRESSED, MIDDLING, { sources: ["money"] })), "next-steps");
    expect(money.filter((href) => href.startsWith("/account/library/"))).toHaveLength(4);
    expect(money).not.toEqual(work);
  });

  it("the free teaser shows both levels, tells a very high result to see a doctor, and keeps help open while the rest is locked", () => {
    const answers = answersOf(STRESSED, DEPLETED);
    const teaser = teaserFor(answers);
    expect(teaser.summary).toMatch(/^Your perceived stress over the last month is very high, 4 out of 4\. Please talk to your doctor soon/);
    expect(teaser.summary).toContain("not a diagnosis");
    const open = openBlocks(teaser);
    expect(open[0]).toMatchObject({ kind: "scale_chart", caption: "Your levels", scales: [{ band: { label: "Very high" } }, { band: { label: "Low" } }] });
    expect(blocksOfKind(teaser, "help", "callout")[0]).toMatchObject({ tone: "help", text: expect.stringContaining("116 123") });
    expect(paidSectionsLocked(teaser, ["help"])).toBe(true);
    expect(teaserFor(answersOf(CALM, RESTED)).summary).toMatch(/^Your perceived stress over the last month is low, 0 out of 4\./);
  });

  it("builds the same document from the same answers", () => {
    const answers = answersOf([3, 2, 3, 2, 3, 2, 1, 2, 1, 2], [2, 1, 3, 1, 2], { sources: ["work", "health"], helps: ["talking"] });
    expect(JSON.stringify(build(answers, "Lee"))).toBe(JSON.stringify(build(answers, "Lee")));
  });
});
