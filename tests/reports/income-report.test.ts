import { describe, expect, it } from "vitest";
import type { Answers } from "#engine/flow/types.ts";
import { blocks, blocksOfKind, expectValidDocument, hrefs, items, numbered, paidSectionsLocked, paragraphs, topicReport } from "../helpers/topic-report.ts";

/**
 * The income growth report, read as the buyer reads it: four habits scored 0–4 with the reversed
 * statement in each, the lowest habits named as levers with what to do, a route chosen by the goal,
 * steps sized to the time they have, and "not a prediction" wherever a result shows.
 */
const { build, teaserFor, scale, articleHref } = topicReport(/^income\.yaml$/, "content/reports/income_growth/report.yaml", "2026-11-25T09:30:00.000Z");

type Four = [number, number, number, number];
/** Each habit's four statements in flow order (the third is the reversed one), 0–4 each, and the context answers. */
const answersOf = (habits: { s: Four; v: Four; n: Four; p: Four }, extra: Answers = {}): Answers => ({
  ...numbered("s", habits.s),
  ...numbered("v", habits.v),
  ...numbered("n", habits.n),
  ...numbered("p", habits.p),
  situation: "employed",
  goal: "raise",
  time: "some",
  obstacles: [],
  ...extra,
});
/** A habit answered at `level` (0–4) on every statement, the reversed one mirrored, so its score is `level`. */
const at = (level: number): Four => [level, level, 4 - level, level];

const mixed = { s: at(3), v: at(1), n: [1, 1, 3, 2] as Four, p: at(2) };

describe("the income growth report", () => {
  it("scores each habit as the mean of 0–4 answers, the statement worded the other way reversed, on our band lines", () => {
    expect(scale(answersOf({ ...mixed, s: [4, 4, 0, 4] }), "skills")).toMatchObject({ score: 4, band: "strong", min: 0, max: 4 });
    // Agreeing that your skills are out of date counts against the habit.
    expect(scale(answersOf({ ...mixed, s: [4, 4, 4, 4] }), "skills")).toMatchObject({ score: 3, band: "strong" });
    expect(scale(answersOf({ ...mixed, v: [2, 2, 3, 0] }), "visibility")).toMatchObject({ score: 1.25, band: "room" });
    expect(scale(answersOf({ ...mixed, v: [2, 2, 2, 0] }), "visibility")).toMatchObject({ score: 1.5, band: "developing" });
    expect(scale(answersOf({ ...mixed, n: [3, 3, 2, 2] }), "asking")).toMatchObject({ score: 2.5, band: "developing" });
    expect(scale(answersOf({ ...mixed, n: [3, 3, 2, 3] }), "asking")).toMatchObject({ score: 2.75, band: "strong" });
    expect(scale(answersOf({ ...mixed, p: [0, 0, 4, 0] }), "planning")).toMatchObject({ score: 0, band: "room" });
  });

  it("has every promised section; the summary names the strongest habit and the biggest lever and says it is no prediction", () => {
    const doc = build(answersOf(mixed), "Ana");
    expectValidDocument(doc);
    expect(doc.sections.map((s) => s.id)).toEqual(["levels", "levers", "route", "next-steps", "method"]);
    expect(doc.summary).toBe(
      "Ana, your strongest habit is skills the market pays for, at 3 out of 4. Knowing and asking for your worth and visibility and support are level as the habits with the most room to grow. This report explains all four habits that research links with higher pay, shows your biggest levers, and sets out a route for your goal with steps that fit your time. It describes habits, not a prediction of what you will earn.",
    );
    const chart = blocksOfKind(doc, "levels", "scale_chart")[0];
    expect(chart).toMatchObject({
      scales: [
        { id: "skills", score: 3, band: { label: "Strong" }, higher_is: "better" },
        { id: "planning", score: 2 },
        { id: "asking", score: 1.25, band: { label: "Room to grow" } },
        { id: "visibility", score: 1 },
      ],
    });
    const strengths = blocksOfKind(doc, "levels", "callout").filter((b) => b.tone === "strength");
    expect(strengths.map((b) => b.title)).toEqual(["Skills the market pays for"]);
  });

  it("names as levers only the habits with room to grow, each with what to do", () => {
    const doc = build(answersOf(mixed));
    expect(items(doc, "levers").map((t) => t.split(":")[0])).toEqual(["Visibility", "Asking", "Planning"]);
    const watch = blocksOfKind(doc, "levers", "callout").filter((b) => b.tone === "watch");
    expect(watch.map((b) => b.title)).toEqual(["Knowing and asking for your worth", "Visibility and support"]);
    // The visibility lever's own article; the script for asking is in next steps, shown once.
    expect(hrefs(doc, "levers")).toEqual([articleHref("informational-interviews-a-practical-guide")]);

    const strong = build(answersOf({ s: at(4), v: at(3), n: at(3), p: at(4) }));
    expect(items(strong, "levers")).toEqual([]);
    expect(blocks(strong, "levers").some((b) => b.kind === "callout" && b.tone === "watch")).toBe(false);
  });

  it("sets out a route for the goal chosen, and the steps follow the time and the obstacles named", () => {
    const raise = build(answersOf(mixed, { goal: "raise" }));
    expect(paragraphs(raise, "route")[0]).toMatch(/^Your goal is a raise in your current role\./);
    expect(items(raise, "route").some((t) => t.startsWith("Ask for a meeting about your pay"))).toBe(true);
    expect(hrefs(raise, "route")).toEqual([articleHref("how-to-negotiate-a-raise")]);

    const switcher = build(answersOf(mixed, { goal: "new_field", situation: "between", time: "little", obstacles: ["worth", "few_openings"] }));
    expect(paragraphs(switcher, "route")[0]).toMatch(/^Your goal is a move into a better-paid field\./);
    expect(items(switcher, "route").some((t) => t.startsWith("Test the new field first"))).toBe(true);
    expect(items(switcher, "route").some((t) => t.startsWith("Ask for a meeting about your pay"))).toBe(false);
    expect(paragraphs(switcher, "route")).toContainEqual(expect.stringMatching(/^You are between jobs\./));
    expect(hrefs(switcher, "route")).toEqual(expect.arrayContaining([expect.stringMatching(/^\/account\/library\/\d+$/)]));
    expect(paragraphs(switcher, "next-steps")[0]).toMatch(/^You said you have less than an hour a week\./);
    expect(
      items(switcher, "next-steps")
        .slice(0, 2)
        .map((t) => t.split(":")[0]),
    ).toEqual(["Find out what you are worth", "Look wider than where you live"]);
  });

  it("links only to account content that exists: the plan, the tools and articles", () => {
    const links = hrefs(build(answersOf(mixed)), "next-steps");
    expect(links).toEqual([
      "/account/plans/career-clarity-7-days",
      expect.stringMatching(/^\/account\/library\/\d+$/),
      "/account/tools/salary-negotiation-script",
      "/account/tools/skills-card-sort",
    ]);
  });

  it("the free teaser shows the four levels and says it is not a prediction; every paid section is locked", () => {
    const teaser = teaserFor(answersOf(mixed));
    expect(teaser.summary).toBe(
      "Your strongest habit is skills the market pays for (3 out of 4); knowing and asking for your worth and visibility and support are level as the ones with the most room to grow. These are habits research links with higher pay, not a prediction of your income. Your full report shows what to do about each lever and a route for your goal.",
    );
    expect(teaser.sections[0]!.blocks[0]).toMatchObject({
      kind: "scale_chart",
      scales: expect.arrayContaining([expect.objectContaining({ id: "visibility" })]),
    });
    expect(paidSectionsLocked(teaser)).toBe(true);
  });

  it("the same answers give the same document", () => {
    expect(JSON.stringify(build(answersOf(mixed), "Ana"))).toBe(JSON.stringify(build(answersOf(mixed), "Ana")));
  });
});
