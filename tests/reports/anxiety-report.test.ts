import { describe, expect, it } from "vitest";
import type { Answers } from "#engine/flow/types.ts";
import { NAME_MAX } from "#engine/flow/kinds/typed.ts";
import { blocks, blocksOfKind, expectValidDocument, hrefs, items, numbered, openBlocks, paidSectionsLocked, topicReport } from "../helpers/topic-report.ts";

/**
 * The anxiety report (GAD-7), read as the visitor reads it: the published score and band, the
 * symptoms they marked, next steps chosen by their answers, help that is never behind payment,
 * and "not a diagnosis" wherever a result shows.
 */
const { build, teaserFor, scoreAndBand } = topicReport(/^anxiety\.yaml$/, "content/reports/anxiety_gad7/report.yaml");

/** The seven GAD-7 answers (0–3 each) and the unscored context questions. */
const answersOf = (gad: number[], extra: Answers = {}): Answers => ({
  ...numbered("gad", gad),
  duration: "months",
  triggers: ["work"],
  helps: [],
  ...extra,
});

describe("the anxiety report", () => {
  it("scores the GAD-7 on its published ranges, at each cut-off", () => {
    const band = (gad: number[]) => scoreAndBand(answersOf(gad), "anxiety");
    expect(band([0, 0, 0, 0, 0, 0, 0])).toEqual([0, "minimal"]);
    expect(band([1, 1, 1, 1, 0, 0, 0])).toEqual([4, "minimal"]);
    expect(band([1, 1, 1, 1, 1, 0, 0])).toEqual([5, "mild"]);
    expect(band([2, 2, 1, 1, 1, 1, 1])).toEqual([9, "mild"]);
    expect(band([2, 2, 2, 1, 1, 1, 1])).toEqual([10, "moderate"]);
    expect(band([2, 2, 2, 2, 2, 2, 2])).toEqual([14, "moderate"]);
    expect(band([3, 2, 2, 2, 2, 2, 2])).toEqual([15, "severe"]);
    expect(band([3, 3, 3, 3, 3, 3, 3])).toEqual([21, "severe"]);
  });

  it("has every promised section; the summary gives the score, the band and says it is not a diagnosis", () => {
    const doc = build(answersOf([2, 2, 2, 1, 1, 1, 1]), "Sam");
    expectValidDocument(doc);
    expect(doc.sections.map((s) => s.id)).toEqual(["level", "symptoms", "next-steps", "help", "method"]);
    expect(doc.summary).toBe(
      "Sam, your GAD-7 score is 10 out of 21, in the range called moderate. This report explains what that means, which symptoms, if any, bothered you on more than half the days, what you can do about them, and when and where to get help. It is a screening result, not a diagnosis.",
    );
    const chart = blocksOfKind(doc, "level", "scale_chart")[0];
    expect(chart).toMatchObject({ scales: [{ id: "anxiety", score: 10, min: 0, max: 21, band: { id: "moderate", label: "Moderate" }, higher_is: "worse" }] });
  });

  it("lists the symptoms marked on more than half the days, and says so when none were", () => {
    expect(items(build(answersOf([3, 0, 2, 0, 0, 1, 0])), "symptoms")).toEqual([
      "Feeling nervous, anxious or on edge.",
      "Worrying too much about different things.",
    ]);
    const calm = build(answersOf([1, 0, 0, 0, 0, 1, 0]));
    expect(items(calm, "symptoms")).toEqual([]);
    expect(blocks(calm, "symptoms")).toContainEqual(
      expect.objectContaining({ kind: "paragraph", text: expect.stringContaining("None of the seven symptoms") }),
    );
  });

  it("chooses next steps from the level and the answers: a doctor from 10, one step per trigger", () => {
    const moderate = items(build(answersOf([2, 2, 2, 1, 1, 1, 1], { triggers: ["money", "health"] })), "next-steps");
    expect(moderate[0]).toMatch(/^Book an appointment with your doctor/);
    expect(moderate.some((t) => t.startsWith("Money sets your worry off"))).toBe(true);
    expect(moderate.some((t) => t.startsWith("Health worries set it off"))).toBe(true);
    expect(moderate.some((t) => t.startsWith("Work sets your worry off"))).toBe(false);
    const mild = items(build(answersOf([1, 1, 1, 1, 1, 0, 0])), "next-steps");
    expect(mild.some((t) => t.startsWith("Book an appointment"))).toBe(false);
    expect(mild.some((t) => t.startsWith("Work sets your worry off"))).toBe(true);
  });

  it("links to the account's anxiety article, the stress plan and a tool", () => {
    const links = hrefs(build(answersOf([2, 2, 2, 1, 1, 1, 1])), "next-steps");
    expect(links).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/account\/library\/\d+$/), "/account/plans/stress-reset-10-days", "/account/tools/energy-map"]),
    );
  });

  it("the free teaser shows the level and the whole help section with the crisis lines open, every other section locked", () => {
    const answers = answersOf([3, 3, 3, 2, 2, 2, 2]);
    const teaser = teaserFor(answers);
    expect(teaser.summary).toMatch(/^Your GAD-7 score is 17 out of 21: severe\. A score of 10 or more suggests it is worth talking to a doctor/);
    expect(teaser.summary).toContain("not a diagnosis");
    const open = openBlocks(teaser);
    expect(open.map((b) => b.kind)).toEqual(["scale_chart", "scale_detail"]);
    expect(open[0]).toMatchObject({ caption: "Your level", scales: [{ band: { label: "Severe" } }] });
    const help = blocks(teaser, "help");
    expect(help[0]).toMatchObject({ tone: "help", title: "If you are in crisis", text: expect.stringContaining("988") });
    expect(help).toEqual(blocks(build(answers), "help"));
    expect(paidSectionsLocked(teaser, ["help"])).toBe(true);
  });

  it("reads right at the extremes of the shuffled and piped answers: a name of markup at its longest, every option, none, the lowest and highest score", () => {
    const name = '<script>alert("x")</script><b>Sam</b> & {{name}}'.padEnd(NAME_MAX, "é");
    const steps = (doc: ReturnType<typeof build>) => items(doc, "next-steps");
    const triggerSteps = /^(Work|Money) sets your worry off|^Health worries|^Relationships set it off/;

    // Lowest: every GAD-7 answer 0, only "not sure" as a trigger (kept last when shown), nothing that helps.
    const lowest = build(answersOf([0, 0, 0, 0, 0, 0, 0], { triggers: ["unsure"], helps: [] }), name);
    expectValidDocument(lowest);
    expect(lowest.summary.startsWith(`${name}, your GAD-7 score is 0 out of 21: minimal.`)).toBe(true);
    // Nothing it says came up: the summary promises the symptoms "if any", and the section lists none.
    expect(lowest.summary).toContain("which symptoms, if any, bothered you on more than half the days");
    expect(items(lowest, "symptoms")).toEqual([]);
    expect(steps(lowest).filter((t) => triggerSteps.test(t))).toEqual([]);
    expect(steps(lowest).some((t) => t.startsWith("Talking helps you"))).toBe(false);

    // Highest: every answer 3, every trigger and every help chosen.
    const triggers = ["work", "money", "health", "relationships", "future", "unsure"];
    const helps = ["movement", "talking", "breathing", "routine", "professional", "less_caffeine"];
    const highest = build(answersOf([3, 3, 3, 3, 3, 3, 3], { triggers, helps }), name);
    expectValidDocument(highest);
    expect(highest.summary).toBe(
      `${name}, your GAD-7 score is 21 out of 21, in the range called severe. This report explains what that means, which symptoms, if any, bothered you on more than half the days, what you can do about them, and when and where to get help. It is a screening result, not a diagnosis.`,
    );
    expect(steps(highest).filter((t) => triggerSteps.test(t))).toHaveLength(4);
    expect(steps(highest).some((t) => t.startsWith("Talking helps you"))).toBe(true);
    expect(items(highest, "symptoms")).toHaveLength(7);
  });
});
