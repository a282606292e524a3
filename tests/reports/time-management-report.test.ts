import { describe, expect, it } from "vitest";
import type { Answers } from "#engine/flow/types.ts";
import { blocksOfKind, expectValidDocument, hrefs, items, openBlocks, paragraphs, topicReport } from "../helpers/topic-report.ts";

/**
 * The time management report: three areas of our own questions on Macan's factors and two
 * IPIP-NEO-120 facets, each the 1–5 mean with reversed items; our own lines at 2.5 and 3.5; Macan's
 * (1994) finding stated as it is; next steps chosen by the weakest areas and the person's answers.
 */
const { build, teaserFor, scale, articleHref } = topicReport(/^time-management\.yaml$/, "content/reports/time_management/report.yaml");

/** Step prefix → scale id, and which of its four items (1-based) are worded the other way round. */
const SCALES = {
  g: { id: "goals", reversed: [2, 4] },
  m: { id: "mechanics", reversed: [3] },
  c: { id: "control", reversed: [2, 3] },
  sd: { id: "self_discipline", reversed: [2, 4] },
  or: { id: "orderliness", reversed: [2, 3, 4] },
} as const;
type Prefix = keyof typeof SCALES;

/** Answers from what each item should COUNT (1–5) after keying: a reversed item is answered 6 − x. */
const counted = (scales: Partial<Record<Prefix, number[]>>, extra: Answers = {}): Answers => ({
  ...Object.fromEntries(
    (Object.keys(SCALES) as Prefix[]).flatMap((p) =>
      (scales[p] ?? [3, 3, 3, 3]).map((v, i) => [`${p}${i + 1}`, (SCALES[p].reversed as readonly number[]).includes(i + 1) ? 6 - v : v]),
    ),
  ),
  time_thieves: ["meetings"],
  peak: "morning",
  ...extra,
});

describe("the time management report", () => {
  it("scores each area as the mean of 1–5 answers, with the items worded the other way round reversed", () => {
    // "Very accurate" to all four orderliness statements: "Like to tidy up." counts 5, the three
    // statements about mess and belongings count 1 each.
    expect(scale({ ...counted({}), or1: 5, or2: 5, or3: 5, or4: 5 }, "orderliness")).toMatchObject({ score: 2, band: "low", min: 1, max: 5 });
    expect(scale({ ...counted({}), or1: 5, or2: 1, or3: 1, or4: 1 }, "orderliness")).toMatchObject({ score: 5, band: "high" });
    // "Always" to all four control questions: feeling in control (5, 5) and feeling run by others and short of time (1, 1).
    expect(scale({ ...counted({}), c1: 5, c2: 5, c3: 5, c4: 5 }, "control")).toMatchObject({ score: 3, band: "moderate" });
    expect(scale({ ...counted({}), sd1: 1, sd2: 5, sd3: 1, sd4: 5 }, "self_discipline")).toMatchObject({ score: 1, band: "low" });
    expect(scale({ ...counted({}), m1: 5, m2: 5, m3: 1, m4: 5 }, "mechanics")).toMatchObject({ score: 5, band: "high" });
  });

  it("puts our own lines at 2.5 and 3.5 in all five areas", () => {
    const at = (values: number[]) =>
      (Object.keys(SCALES) as Prefix[]).map((p) => {
        const s = scale(counted({ [p]: values }), SCALES[p].id);
        return `${s.score} ${s.band}`;
      });
    expect(at([3, 2, 2, 2])).toEqual(Array(5).fill("2.25 low"));
    expect(at([3, 3, 2, 2])).toEqual(Array(5).fill("2.5 moderate"));
    expect(at([4, 3, 3, 3])).toEqual(Array(5).fill("3.25 moderate"));
    expect(at([4, 4, 3, 3])).toEqual(Array(5).fill("3.5 high"));
  });

  it("has every promised section; the summary names the strongest area and the one with most room to grow", () => {
    const doc = build(counted({ g: [4, 4, 4, 4], m: [5, 5, 4, 4], c: [2, 2, 2, 2] }), "Mia");
    expectValidDocument(doc);
    expect(doc.sections.map((s) => s.id)).toEqual(["levels", "time-thieves", "research", "next-steps", "method"]);
    expect(doc.summary).toBe(
      "Mia, your strongest area of time management is lists and scheduling: 4.5 out of 5, in the range we call high. The area with most room to grow is sense of control over time. This report explains all five areas, looks at what takes your time away from what matters, and suggests next steps where a change would help most.",
    );
    const chart = blocksOfKind(doc, "levels", "scale_chart")[0];
    expect(chart).toMatchObject({
      scales: [
        { id: "mechanics", higher_is: "better" },
        { id: "goals" },
        { id: "self_discipline" },
        { id: "orderliness" },
        { id: "control", score: 2, band: { label: "Low" } },
      ],
    });
    const callouts = blocksOfKind(doc, "levels", "callout").map((b) => `${b.tone}: ${b.title}`);
    expect(callouts).toEqual(["strength: Lists and scheduling", "strength: Goals and priorities", "watch: Sense of control over time"]);
    expect(paragraphs(doc, "levels").at(-1)).toMatch(/are our own.*They are not norms/);
  });

  it("states Macan's finding as it is: less tension and more satisfaction through a sense of control, not better performance", () => {
    const doc = build(counted({}));
    const research = paragraphs(doc, "research").join(" ");
    expect(research).toContain("Macan (1994)");
    expect(research).toContain("less job-related tension and more job satisfaction");
    expect(research).toContain("not related to job performance");
    expect(research).toContain("training in the study was not found to be effective");
    const sources = blocksOfKind(doc, "method", "sources").flatMap((b) => b.items);
    expect(sources).toContainEqual({ text: expect.stringMatching(/^Macan, T\. H\. \(1994\)/), url: "https://doi.org/10.1037/0021-9010.79.3.381" });
    expect(paragraphs(doc, "method").join(" ")).toContain("They are not a validated scale");
    // The remark on the person's own sense of control follows their band.
    expect(paragraphs(build(counted({ c: [1, 2, 2, 1] })), "research").join(" ")).toContain("Your sense of control is in the low range");
    expect(paragraphs(build(counted({ c: [4, 4, 4, 4] })), "research").join(" ")).toContain("Your sense of control is in the high range");
  });

  it("speaks to what takes the person's time, and says so when they named nothing", () => {
    const doc = build(counted({}, { time_thieves: ["messages", "too_much"] }));
    expect(items(doc, "time-thieves").map((t) => t.split(":")[0])).toEqual(["Messages", "Too much work"]);
    const none = build(counted({}, { time_thieves: ["none"] }));
    expect(items(none, "time-thieves")).toEqual([]);
    expect(paragraphs(none, "time-thieves").join(" ")).toContain("You did not name one thing in particular");
  });

  it("chooses next steps by the weaker areas and by when the person is sharpest", () => {
    const weak = items(build(counted({ g: [2, 2, 1, 2], or: [1, 2, 2, 1] }, { peak: "afternoon" })), "next-steps");
    expect(weak[0]).toMatch(/^Every Monday, before opening your email/);
    expect(weak.some((t) => t.startsWith("End each working day with a five-minute reset"))).toBe(true);
    expect(weak.some((t) => t.startsWith("You are sharpest in the afternoon"))).toBe(true);
    expect(weak.some((t) => t.startsWith("You are sharpest in the morning"))).toBe(false);
    const strong = items(build(counted({ g: [5, 5, 4, 4], m: [4, 4, 4, 4], c: [4, 4, 4, 4], sd: [4, 4, 4, 4], or: [4, 4, 4, 4] })), "next-steps");
    expect(strong).toEqual([
      "You are sharpest in the morning: keep the first two hours for your most important work, and put meetings and email after them.",
      "Once a week, take fifteen minutes to look back at what you planned and what happened, and plan the week ahead.",
    ]);
  });

  it("links to the 14-day plan, the weekly time audit and articles that exist, and to the two-minute rule when starting is the problem", () => {
    const links = hrefs(build(counted({})), "next-steps");
    expect(links).toEqual([
      "/account/plans/time-management-14-days",
      "/account/tools/weekly-time-audit",
      articleHref("time-blocking-and-the-weekly-review"),
      articleHref("managing-energy-not-just-time"),
    ]);
    expect(hrefs(build(counted({}, { time_thieves: ["starting"] })), "next-steps")).toContain(articleHref("the-two-minute-rule-and-other-ways-to-start"));
  });

  it("the free teaser shows every level and what the strongest one means, and locks the paid sections", () => {
    const teaser = teaserFor(counted({ sd: [5, 5, 5, 4], or: [2, 2, 1, 2] }));
    expect(teaser.summary).toBe(
      "Your strongest area of time management is self-discipline: 4.8 out of 5, high. The area with most room to grow is orderliness. Your full report explains all five areas, what takes your time away from what matters, and next steps that fit your answers.",
    );
    const open = openBlocks(teaser);
    expect(open.map((b) => b.kind)).toEqual(["scale_chart", "scale_detail"]);
    expect(open[0]).toMatchObject({ caption: "Your levels" });
    expect(open[1]).toMatchObject({ scale: { id: "self_discipline" }, meaning: expect.stringMatching(/^A score of 3\.5 or more/) });
    expect(teaser.sections.slice(1).map((s) => [s.title, s.locked, s.blocks.length])).toEqual([
      ["What takes your time away from what matters", true, 0],
      ["What time management can and cannot do", true, 0],
      ["Your next steps", true, 0],
      ["How the check works, and its sources", true, 0],
    ]);
  });

  it("gives the same document for the same answers", () => {
    const answers = counted({ g: [1, 4, 2, 5], c: [5, 1, 3, 2] }, { time_thieves: ["priorities", "interruptions"], peak: "varies" });
    expect(build(answers, "Sam")).toEqual(build(answers, "Sam"));
  });
});
