import { describe, expect, it } from "vitest";
import type { Answers } from "#engine/flow/types.ts";
import { blocksOfKind, expectValidDocument, hrefs, items, openBlocks, paragraphs, topicReport } from "../helpers/topic-report.ts";

/**
 * The emotional style report (four IPIP scales, Barchard 2001): the 1–5 means with the – keyed
 * items reversed, our own lines at 2.5 and 3.5, a profile that never calls itself an EQ score,
 * and remarks and steps chosen by the person's answers.
 */
const { build, teaserFor, scale, articleHref } = topicReport(/^emotional_intelligence\.yaml$/, "content/reports/emotional_intelligence_ipip/report.yaml");

type Scale = "att" | "pos" | "neg" | "dec";
/** Items 2 and 4 of every scale are – keyed in the IPIP key. */
const REVERSED = new Set([2, 4]);

/**
 * Answers from what each item should COUNT (1–5) after keying: a – keyed item is answered 6 − x,
 * so [5, 5, 5, 5, 5] is someone who fits the scale fully.
 */
const counted = (scales: Partial<Record<Scale, number[]>>, extra: Answers = {}): Answers => {
  const all: Record<Scale, number[]> = { att: [3, 3, 3, 3, 3], pos: [3, 3, 3, 3, 3], neg: [3, 3, 3, 3, 3], dec: [3, 3, 3, 3, 3], ...scales };
  return {
    ...Object.fromEntries((Object.keys(all) as Scale[]).flatMap((s) => all[s].map((v, i) => [`${s}${i + 1}`, REVERSED.has(i + 1) ? 6 - v : v]))),
    hard_moments: ["pressure"],
    goal: "notice",
    ...extra,
  };
};

describe("the emotional style report", () => {
  it("scores each scale as the mean of 1–5 answers, with the – keyed items reversed", () => {
    // Raw answers: agreeing fully with every statement is not the top of the scale, because the
    // two – keyed statements ("Rarely notice my emotional reactions.", "Often ignore my feelings.") count 1.
    const agreeAll = { att1: 5, att2: 5, att3: 5, att4: 5, att5: 5 };
    expect(scale({ ...counted({}), ...agreeAll }, "attention")).toMatchObject({ score: 3.4, band: "moderate", min: 1, max: 5 });
    const fits = { att1: 5, att2: 1, att3: 5, att4: 1, att5: 5 };
    expect(scale({ ...counted({}), ...fits }, "attention")).toMatchObject({ score: 5, band: "high" });
    const opposite = { att1: 1, att2: 5, att3: 1, att4: 5, att5: 1 };
    expect(scale({ ...counted({}), ...opposite }, "attention")).toMatchObject({ score: 1, band: "low" });
  });

  it("puts our own lines at 2.5 and 3.5 on every scale", () => {
    const at = (values: number[]) =>
      (["attention", "positive", "negative", "decisions"] as const).map((id, i) => {
        const key = (["att", "pos", "neg", "dec"] as const)[i]!;
        const s = scale(counted({ [key]: values }), id);
        return `${s.score} ${s.band}`;
      });
    expect(at([3, 3, 2, 2, 2])).toEqual(Array(4).fill("2.4 low"));
    expect(at([3, 3, 3, 2, 2])).toEqual(Array(4).fill("2.6 moderate"));
    expect(at([4, 4, 3, 3, 3])).toEqual(Array(4).fill("3.4 moderate"));
    expect(at([4, 4, 4, 3, 3])).toEqual(Array(4).fill("3.6 high"));
  });

  it("has every promised section; the summary names the most marked parts, level with each other, and says it is not an EQ score", () => {
    const doc = build(counted({ att: [5, 5, 4, 4, 4], pos: [4, 3, 3, 3, 3], neg: [2, 2, 2, 1, 2], dec: [3, 3, 3, 3, 3] }), "Ana");
    expectValidDocument(doc);
    expect(doc.sections.map((s) => s.id)).toEqual(["levels", "moments", "next-steps", "method"]);
    expect(doc.summary).toBe(
      // Attention (4.4, 35 points above the middle) and negative expressivity (1.8, 30 below) are within 10 points: a tie (ADR 036).
      "Ana, attention to emotions and negative expressivity are equally marked in your emotional style: each is about as far from the middle of its range, within 10 points, so no one part stands out more. This report explains all four parts of your profile, looks at the moments at work you find hardest, and suggests next steps that fit what you want to get better at. It is a profile of your style, not an EQ score.",
    );
    const chart = blocksOfKind(doc, "levels", "scale_chart")[0];
    expect(chart).toMatchObject({
      scales: [
        { id: "attention", score: 4.4, band: { label: "High" } },
        { id: "positive" },
        { id: "decisions" },
        { id: "negative", score: 1.8, band: { label: "Low" } },
      ],
    });
    // A strength at the high band, a watch-out at the low band.
    const callouts = blocksOfKind(doc, "levels", "callout").map((b) => `${b.tone}: ${b.title}`);
    expect(callouts).toEqual(["strength: Attention to emotions", "watch: Negative expressivity"]);
    expect(paragraphs(doc, "levels").at(-1)).toContain("are our own");
    expect(paragraphs(doc, "method").join(" ")).toMatch(/not norms/);
  });

  it("speaks to the moments the person finds hardest, and says so when they named none", () => {
    const doc = build(counted({}, { hard_moments: ["feedback", "speaking_up"] }));
    expect(items(doc, "moments").map((t) => t.split(":")[0])).toEqual(["Feedback", "Speaking up"]);
    const none = build(counted({}, { hard_moments: ["none"] }));
    expect(items(none, "moments")).toEqual([]);
    expect(paragraphs(none, "moments").join(" ")).toContain("You did not name a moment");
  });

  it("adds a remark on the moments from the person's style: difficult feelings held in, or shown readily", () => {
    const held = build(counted({ neg: [1, 1, 2, 2, 1] }));
    expect(paragraphs(held, "moments").join(" ")).toContain("you tend to keep difficult feelings to yourself");
    expect(items(held, "next-steps").some((t) => t.startsWith("Choose one thing that has bothered you"))).toBe(true);
    const shown = build(counted({ neg: [5, 5, 4, 4, 5] }));
    expect(paragraphs(shown, "moments").join(" ")).toContain("difficult feelings show readily for you");
    expect(items(shown, "next-steps").some((t) => t.startsWith("Choose one thing that has bothered you"))).toBe(false);
  });

  it("starts the next steps with the person's goal and links to account content that exists", () => {
    const first = (goal: string) => items(build(counted({}, { goal })), "next-steps")[0];
    expect(first("notice")).toMatch(/^Three times a day/);
    expect(first("express")).toMatch(/^Before a conversation that matters/);
    expect(first("others")).toMatch(/^In your next three one-to-one conversations/);
    expect(first("decide")).toMatch(/^For your next important decision/);
    const links = hrefs(build(counted({}, { hard_moments: ["feedback", "conflict"] })), "next-steps");
    expect(links).toEqual(expect.arrayContaining(["/account/plans/emotional-intelligence-21-days", "/account/tools/difficult-conversation-planner"]));
    expect(links).toEqual(expect.arrayContaining([articleHref("giving-feedback-that-lands"), articleHref("handling-conflict-with-a-colleague")]));
    expect(hrefs(build(counted({}, { hard_moments: ["pressure"] })), "next-steps")).not.toContain(articleHref("giving-feedback-that-lands"));
  });

  it("the free teaser shows every level and what the top one means, and locks the paid sections", () => {
    const teaser = teaserFor(counted({ pos: [5, 5, 5, 4, 5] }));
    expect(teaser.summary).toBe(
      "The most marked part of your emotional style is positive expressivity: 4.8 out of 5, high, the furthest of your four scores from the middle. This is a profile of your style, not an EQ score. Your full report explains all four parts of your profile, the moments at work you find hardest and next steps that fit your goal.",
    );
    const open = openBlocks(teaser);
    expect(open.map((b) => b.kind)).toEqual(["scale_chart", "scale_detail"]);
    expect(open[0]).toMatchObject({ caption: "Your levels" });
    expect(open[1]).toMatchObject({ scale: { id: "positive" }, meaning: expect.stringMatching(/^A score of 3\.5 or more/) });
    expect(teaser.sections.slice(1).map((s) => [s.title, s.locked, s.blocks.length])).toEqual([
      ["The moments at work you find hardest", true, 0],
      ["Your next steps", true, 0],
      ["How the assessment works, and its sources", true, 0],
    ]);
  });

  it("gives the same document for the same answers", () => {
    const answers = counted({ att: [4, 4, 2, 5, 1], dec: [2, 1, 3, 5, 4] }, { hard_moments: ["reading", "conflict"], goal: "decide" });
    expect(build(answers, "Lee")).toEqual(build(answers, "Lee"));
  });
});
