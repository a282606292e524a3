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
 * The career switch readiness report (our own items on the 4Cs of career adaptability, financial
 * runway and support): six 0–4 means with one reversed item each, a profile with named gaps rather
 * than a pass or fail, steps and links chosen by the gaps and the answers, and "not financial
 * advice" wherever money comes up.
 */
const { build, teaserFor, scoreAndBand, articleHref } = topicReport(/^switch\.yaml$/, "content/reports/career_switch/report.yaml");

/** Each part's step-id prefix; the last item of each part is the reverse-worded one. */
const PREFIX = { concern: "c", control: "k", curiosity: "u", confidence: "f", runway: "r", support: "t" } as const;
type Part = keyof typeof PREFIX;
/** Answers as given that land a four-item part (the 4Cs) or a three-item part (runway, support) in a band. */
const FOUR = { gap: [0, 1, 0, 4], building: [2, 2, 2, 2], strong: [4, 3, 4, 0] } as const; // 0.25, 2, 3.75
const THREE = { gap: [0, 1, 4], building: [2, 2, 2], strong: [4, 3, 0] } as const; // 0.33, 2, 3.67
type Band = keyof typeof FOUR;
const at = (part: Part, band: Band) => (part === "runway" || part === "support" ? THREE[band] : FOUR[band]);

/** Every part at `base` unless listed; the unscored questions as given in `extra`. */
const answersOf = (bands: Partial<Record<Part, Band | readonly number[]>> = {}, extra: Answers = {}, base: Band = "strong"): Answers => ({
  ...Object.fromEntries(
    (Object.keys(PREFIX) as Part[]).flatMap((part) => {
      const chosen = bands[part] ?? base;
      const values = typeof chosen === "string" ? at(part, chosen) : chosen;
      return Object.entries(numbered(PREFIX[part], values));
    }),
  ),
  distance: "adjacent",
  timeline: "year",
  holds_back: ["time"],
  ...extra,
});

const scoreOf = (part: Part, values: readonly number[]) => scoreAndBand(answersOf({ [part]: values }), part);

describe("the career switch readiness report", () => {
  it("scores each four-item part as a 0–4 mean with its last item reversed, at each band line", () => {
    expect(scoreOf("concern", [0, 0, 0, 4])).toEqual([0, "gap"]);
    // "I tend to put off thinking about my career" answered 0 counts as 4.
    expect(scoreOf("concern", [0, 0, 0, 0])).toEqual([1, "gap"]);
    expect(scoreOf("concern", [1, 1, 1, 2])).toEqual([1.25, "gap"]);
    expect(scoreOf("concern", [1, 2, 1, 2])).toEqual([1.5, "building"]);
    expect(scoreOf("confidence", [2, 2, 3, 2])).toEqual([2.25, "building"]);
    expect(scoreOf("confidence", [2, 3, 3, 2])).toEqual([2.5, "strong"]);
    expect(scoreOf("curiosity", [4, 4, 4, 4])).toEqual([3, "strong"]);
    expect(scoreOf("control", [4, 4, 4, 0])).toEqual([4, "strong"]);
  });

  it("scores the three-item money and support parts the same way", () => {
    expect(scoreOf("runway", [0, 0, 4])).toEqual([0, "gap"]);
    expect(scoreOf("runway", [1, 1, 2])).toEqual([1.33, "gap"]);
    expect(scoreOf("runway", [1, 2, 2])).toEqual([1.67, "building"]);
    expect(scoreOf("support", [2, 2, 1])).toEqual([2.33, "building"]);
    expect(scoreOf("support", [3, 2, 1])).toEqual([2.67, "strong"]);
    expect(scoreOf("support", [4, 4, 0])).toEqual([4, "strong"]);
  });

  it("has every promised section; the summary names the highest and lowest parts and says it is no pass or fail", () => {
    const doc = build(answersOf({ control: [4, 4, 4, 0], runway: "gap" }, {}, "building"), "Lea");
    expectValidDocument(doc);
    expect(doc.sections.map((s) => s.id)).toEqual(["profile", "gaps", "switch", "next-steps", "method"]);
    expect(doc.summary).toBe(
      "Lea, the highest of your six readiness scores is owning the decision: 4 out of 4, strong. The lowest is financial runway. This report is a readiness profile, not a pass or fail: it names your gaps, what tends to close each one, and next steps in a sensible order. The statements are our own, based on research on career adaptability, and nothing here is financial advice.",
    );
    const chart = blocksOfKind(doc, "profile", "scale_chart")[0];
    expect(chart).toMatchObject({
      scales: expect.arrayContaining([expect.objectContaining({ id: "runway", score: 0.33, max: 4, band: { id: "gap", label: "Gap" }, higher_is: "better" })]),
    });
    const watch = blocks(doc, "profile").filter((b) => b.kind === "callout" && b.tone === "watch");
    expect(watch).toEqual([expect.objectContaining({ title: "Financial runway", text: expect.stringContaining("not financial advice") })]);
    expect(paragraphs(doc, "method").join(" ")).toContain("The statements are our own");
    // Every part at 2 ("somewhat true" throughout): a flat profile, with no highest or lowest part (ADR 036).
    const flat = build(answersOf({}, {}, "building"));
    expect(flat.summary).toMatch(/^Your six readiness scores are close together, so no part of your readiness stands out as the highest or the lowest/);
    expect(flat.claims).toContainEqual({ at: "profile", kind: "flat", scales: [] });
    expect(blocks(flat, "profile").some((b) => b.kind === "links" && b.items.some((i) => i.href === "/switch?again=1"))).toBe(true);
    expect(build(answersOf({ support: "strong" }, {}, "building")).summary).not.toContain("The lowest");
  });

  it("names each gap and each part still building, and lists nothing when every part is strong", () => {
    const doc = build(answersOf({ concern: "gap", curiosity: "building", support: "gap" }));
    expect(items(doc, "gaps").map((t) => t.split(".")[0])).toEqual([
      "Planning ahead is a gap",
      "Exploring options is still building",
      "Support around you is a gap",
    ]);
    const ready = build(answersOf());
    expect(items(ready, "gaps")).toEqual([]);
    expect(paragraphs(ready, "gaps")[0]).toContain("If nothing is listed, none of the six is holding you back");
  });

  it("speaks to how far the switch is, the timeline and what holds the person back", () => {
    const doc = build(answersOf({}, { distance: "new_field", timeline: "soon", holds_back: ["too_late", "money"] }));
    const said = paragraphs(doc, "switch").join(" ");
    expect(said).toContain("A switch to a completely new field is the biggest kind of change");
    expect(said).toContain("You would like to switch within three months");
    expect(said).not.toContain("related field");
    expect(items(doc, "switch").map((t) => t.split(":")[0])).toEqual(["Money", "Feeling it is too late"]);
    expect(items(doc, "switch")[0]).toContain("not financial advice");
  });

  it("puts money first in the steps when runway is a gap, says it is not financial advice, and links by gap", () => {
    const tight = build(answersOf({ runway: "gap", curiosity: "gap" }));
    const steps = items(tight, "next-steps");
    expect(steps[0]).toMatch(/^Work out your monthly minimum/);
    expect(steps[0]).toContain("not financial advice");
    expect(steps[1]).toMatch(/^Talk to two people who do the work/);
    expect(hrefs(tight, "next-steps")).toEqual([
      "/account/plans/career-clarity-7-days",
      articleHref("testing-a-career-idea-before-you-leap"),
      articleHref("career-switch-without-a-pay-cliff"),
      articleHref("informational-interviews-a-practical-guide"),
      "/account/tools/informational-interview-planner",
      articleHref("building-an-emergency-fund-on-a-normal-salary"),
    ]);
    const ready = build(answersOf());
    expect(items(ready, "next-steps")[0]).toMatch(/^Test the switch on a small scale/);
    expect(hrefs(ready, "next-steps")).toEqual([
      "/account/plans/career-clarity-7-days",
      articleHref("testing-a-career-idea-before-you-leap"),
      articleHref("career-switch-without-a-pay-cliff"),
    ]);
    const unsure = items(build(answersOf({ confidence: "building" }, { distance: "unsure" })), "next-steps");
    expect(unsure.slice(0, 2).map((t) => t.split(" ").slice(0, 3).join(" "))).toEqual(["Use the 7-day", "Sort your skills"]);
  });

  it("the free teaser shows all six levels, flags a money gap, and locks every other section", () => {
    const teaser = teaserFor(answersOf({ runway: "gap" }));
    expect(teaser.summary).toContain("Your financial runway is a gap, so your full report starts with routes that keep some income");
    expect(teaser.summary).toContain("not financial advice");
    const open = openBlocks(teaser);
    // Five parts near the top and runway near the bottom are all about as far from the middle: all six are the most marked.
    expect(open.map((b) => b.kind)).toEqual(["scale_chart", ...Array(6).fill("scale_detail")]);
    const chart = open[0];
    expect(chart).toMatchObject({ caption: "Your levels" });
    expect(chart?.kind === "scale_chart" ? chart.scales.map((s) => s.band?.label) : []).toEqual(["Strong", "Strong", "Strong", "Strong", "Strong", "Gap"]);
    expect(teaser.sections.slice(1).map((s) => s.title)).toEqual([
      "Your gaps, and how to close them",
      "Your switch, your timeline and what holds you back",
      "Your next steps",
      "How the check works, and its sources",
    ]);
    expect(paidSectionsLocked(teaser)).toBe(true);
    expect(teaserFor(answersOf({ support: "gap" })).summary).not.toContain("Your financial runway is a gap");
  });

  it("gives the same document for the same answers", () => {
    const answers = answersOf({ concern: "building", support: "gap" }, { holds_back: ["fear", "others", "skills"] });
    expect(build(answers, "Lea")).toEqual(build(answers, "Lea"));
  });
});
