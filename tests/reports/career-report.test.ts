import { describe, expect, it } from "vitest";
import type { ReportDocument } from "../../schemas/report/document.ts";
import type { Answers } from "../../src/engine/flow/types.ts";
import { buildReport } from "../../src/engine/report/build-report.ts";
import { expectValidDocument, topicReport } from "../helpers/topic-report.ts";

/** The career report is dated 23 November 2026; its full report lists two matched professions, linked to this result. */
const { input, teaserFor, articleHref } = topicReport(/^career\.yaml$/, "content/reports/career_riasec/report.yaml", "2026-11-23T17:05:00.000Z");

/** Answers: every item of an area rated `level` (0–4), per area in RIASEC order. */
function answersFor(levels: Record<"r" | "i" | "a" | "s" | "e" | "c", number>, extra: Answers = {}): Answers {
  const answers: Answers = { ...extra };
  for (const [area, level] of Object.entries(levels)) for (let n = 1; n <= 5; n++) answers[`${area}${n}`] = level;
  return answers;
}

const profession = (slug: string, match: number) => ({
  slug,
  title: slug.replace(/-/g, " "),
  code: "SIA",
  match,
  summary: "A profession used only to test how the report lists matches.",
  tasks: ["A task"],
  skills: ["A skill"],
  education: "Bachelor's degree",
  pay: null,
});

const MATCHED = {
  professions: [profession("school-counselor", 91), profession("registered-nurse", 84)],
  resultId: "7b0c6a1e-2f59-4d1e-9a55-0e8d5b7c2a10",
};
const build = (answers: Answers, firstName: string | null = "Robin"): ReportDocument => buildReport(input(answers, firstName, MATCHED));

const section = (doc: ReportDocument, id: string) => doc.sections.find((s) => s.id === id);

describe("the career report", () => {
  it("is a valid document with every section, the first name on the cover and the summary in plain words", () => {
    const doc = build(answersFor({ r: 1, i: 3, a: 2, s: 4, e: 2, c: 0 }));
    expectValidDocument(doc);
    expect(doc.sections.map((s) => s.id)).toEqual(["profile", "interest-code", "strengths", "professions", "next-steps", "clarity-plan", "method"]);
    expect(doc.cover).toEqual({ first_name: "Robin", subtitle: "Career interests · 23 November 2026", date: "2026-11-23T17:05:00.000Z" });
    expect(doc.summary).toBe(
      "Robin, the kinds of work that hold your interest most are Social, Investigative and Artistic, which gives you the interest code SIA. The pages below explain each of your six areas, match your profile with real professions and suggest small, practical steps to test what you find.",
    );
  });

  it("without a name, the summary does not address anyone", () => {
    const doc = build(answersFor({ r: 1, i: 3, a: 2, s: 4, e: 2, c: 0 }), null);
    expect(doc.cover.first_name).toBeNull();
    expect(doc.summary).toMatch(/^The kinds of work/);
  });

  it("charts all six areas highest first with their numbers, and says what each level means by its place", () => {
    const doc = build(answersFor({ r: 1, i: 3, a: 2, s: 4, e: 2, c: 0 }));
    const chart = section(doc, "profile")!.blocks.find((b) => b.kind === "scale_chart");
    if (chart?.kind !== "scale_chart") throw new Error("no chart");
    expect(chart.scales.map((s) => [s.letter, s.percent, s.rank])).toEqual([
      ["S", 100, 1],
      ["I", 75, 2],
      ["A", 50, 3],
      ["E", 50, 3],
      ["R", 25, 5],
      ["C", 0, 6],
    ]);
    const details = section(doc, "profile")!.blocks.filter((b) => b.kind === "scale_detail");
    expect(details).toHaveLength(6);
    const meaningOf = (id: string) => details.find((d) => d.kind === "scale_detail" && d.scale.id === id)!;
    expect(meaningOf("social")).toMatchObject({ meaning: expect.stringMatching(/^This is one of your strongest areas/) });
    expect(meaningOf("artistic")).toMatchObject({ meaning: expect.stringMatching(/^You have a moderate creative interest/) });
    expect(meaningOf("conventional")).toMatchObject({ meaning: expect.stringMatching(/among your weaker interests/) });
  });

  it("explains a tie that decides the third letter instead of hiding it", () => {
    const doc = build(answersFor({ r: 1, i: 3, a: 2, s: 4, e: 2, c: 0 }));
    const code = section(doc, "interest-code")!.blocks[0]!;
    expect(code).toMatchObject({ kind: "profile_code", code: "SIA" });
    if (code.kind !== "profile_code") throw new Error("no code");
    expect(code.ties).toBe(
      "Artistic and Enterprising are level at 50%, but only one fits in a 3-letter code: E could stand in for A. Read the professions for both.",
    );
    // No tie, no note.
    const clear = build(answersFor({ r: 0, i: 3, a: 1, s: 4, e: 2, c: 0 }));
    expect(section(clear, "interest-code")!.blocks[0]).toMatchObject({ code: "SIE", ties: null });
    // A tie inside the code: both orders are named.
    const inside = build(answersFor({ r: 0, i: 4, a: 1, s: 4, e: 2, c: 0 }));
    expect(section(inside, "interest-code")!.blocks[0]).toMatchObject({
      code: "ISE",
      ties: expect.stringMatching(/^Investigative and Social are level at 100%, so their letters \(I, S\) could be read in either order/),
    });
  });

  it("lists strengths of the top three areas and watch-outs of the bottom two", () => {
    const doc = build(answersFor({ r: 0, i: 3, a: 1, s: 4, e: 2, c: 0 }));
    const callouts = section(doc, "strengths")!.blocks.filter((b) => b.kind === "callout");
    expect(callouts.map((c) => c.kind === "callout" && [c.tone, c.title])).toEqual([
      ["strength", "Social"],
      ["strength", "Investigative"],
      ["strength", "Enterprising"],
      ["watch", "Realistic"],
      ["watch", "Conventional"],
    ]);
  });

  it("links next steps to account content that fits the top areas, and the clarity plan", () => {
    const doc = build(answersFor({ r: 0, i: 1, a: 0, s: 2, e: 4, c: 3 }));
    const links = section(doc, "next-steps")!.blocks.find((b) => b.kind === "links");
    if (links?.kind !== "links") throw new Error("no links");
    // Enterprising first, then Conventional, then what every report links to.
    expect(links.items.map((l) => l.href)).toEqual([
      articleHref("how-to-negotiate-a-raise"),
      "/account/tools/salary-negotiation-script",
      articleHref("time-blocking-and-the-weekly-review"),
      "/account/tools/weekly-time-audit",
      articleHref("how-to-read-your-riasec-profile"),
    ]);
    const plan = section(doc, "clarity-plan")!.blocks.find((b) => b.kind === "links");
    expect(plan).toMatchObject({ items: [{ type: "plan", href: "/account/plans/career-clarity-7-days", title: "Career clarity in 7 days" }] });
  });

  it("adds the career-change steps only for people planning a change", () => {
    const changer = build(answersFor({ r: 1, i: 3, a: 2, s: 4, e: 2, c: 0 }, { situation: "working_change" }));
    const student = build(answersFor({ r: 1, i: 3, a: 2, s: 4, e: 2, c: 0 }, { situation: "student" }));
    const steps = (doc: ReportDocument) => section(doc, "next-steps")!.blocks.find((b) => b.kind === "list");
    expect(JSON.stringify(steps(changer))).toContain("financial runway");
    expect(JSON.stringify(steps(student))).not.toContain("financial runway");
    expect(JSON.stringify(steps(student))).toContain("As a student");
    expect(section(changer, "next-steps")!.blocks.filter((b) => b.kind === "links")).toHaveLength(2);
  });

  it("says why no profession is listed when none can be matched (a flat profile)", () => {
    const answers = answersFor({ r: 2, i: 2, a: 2, s: 2, e: 2, c: 2 });
    const doc = buildReport(input(answers, null, { professions: [], resultId: null }));
    const blocks = section(doc, "professions")!.blocks;
    expect(blocks.some((b) => b.kind === "professions")).toBe(false);
    expect(blocks).toContainEqual({
      kind: "callout",
      tone: "note",
      title: "No profession stands out yet",
      text: expect.stringMatching(/^Your answers rate all six areas the same/),
    });
  });

  it("links each matched profession to its page for this result", () => {
    const doc = build(answersFor({ r: 1, i: 3, a: 2, s: 4, e: 2, c: 0 }));
    expect(section(doc, "professions")!.blocks[1]).toMatchObject({
      kind: "professions",
      items: [
        { slug: "school-counselor", match: 91, href: "/account/professions/school-counselor?result=7b0c6a1e-2f59-4d1e-9a55-0e8d5b7c2a10" },
        { slug: "registered-nurse" },
      ],
    });
  });

  it("the teaser: its own summary, the top area with its meaning, every other section by title only", () => {
    const answers = answersFor({ r: 1, i: 3, a: 2, s: 4, e: 2, c: 0 });
    const teaser = teaserFor(answers, "Robin");
    expectValidDocument(teaser);
    expect(teaser.summary).toBe(
      "Robin, your strongest interest area is Social. Your full report explains all six areas, gives you your three-letter interest code and matches your profile with professions.",
    );
    expect(teaser.sections[0]!.blocks.map((b) => b.kind)).toEqual(["scale_chart", "scale_detail"]);
    expect(teaser.sections[0]!.blocks[0]).toMatchObject({ scales: [{ id: "social" }] });
    expect(teaser.sections.slice(1).map((s) => [s.title, s.blocks.length, s.locked])).toEqual(
      [
        "Your interest code",
        "What you bring",
        "Professions that match your profile",
        "Your next steps",
        "Your 7-day career clarity plan",
        "How the test works, and its sources",
      ].map((title) => [title, 0, true]),
    );
  });

  it("gives the same document for the same answers, byte for byte (golden)", async () => {
    const doc = build(answersFor({ r: 1, i: 3, a: 2, s: 4, e: 2, c: 0 }, { situation: "working_change" }));
    expect(JSON.stringify(doc)).toBe(JSON.stringify(build(answersFor({ r: 1, i: 3, a: 2, s: 4, e: 2, c: 0 }, { situation: "working_change" }))));
    await expect(JSON.stringify(doc, null, 2)).toMatchFileSnapshot("./__golden__/career-report.json");
  });
});
