import { describe, expect, it } from "vitest";
import type { ReportDocument } from "#schemas/report/document.ts";
import type { Answers } from "#engine/flow/types.ts";
import { buildReport } from "#engine/report/build-report.ts";
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
      "Robin, the kind of work that holds your interest most is Social, and your three-letter interest code is SIA. The pages below explain each of your six areas, match your profile with real professions and suggest small, practical steps to test what you find.",
    );
  });

  it("without a name, the summary does not address anyone", () => {
    const doc = build(answersFor({ r: 1, i: 3, a: 2, s: 4, e: 2, c: 0 }), null);
    expect(doc.cover.first_name).toBeNull();
    expect(doc.summary).toMatch(/^The kind of work/);
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
    expect(code.ties).toBe("Enterprising is level with Artistic (both at 50%), so E could stand in for A in your code. Read the professions for both.");
    // No tie, no note.
    const clear = build(answersFor({ r: 0, i: 3, a: 1, s: 4, e: 2, c: 0 }));
    expect(section(clear, "interest-code")!.blocks[0]).toMatchObject({ code: "SIE", ties: null });
    // A tie inside the code: both orders are named.
    const inside = build(answersFor({ r: 0, i: 4, a: 1, s: 4, e: 2, c: 0 }));
    expect(section(inside, "interest-code")!.blocks[0]).toMatchObject({
      code: "ISE",
      ties: expect.stringMatching(/^Investigative and Social are level \(both at 100%\), so I and S could be read in either order\./),
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

  it("a flat profile (all six areas within 10 points): no code, no strongest area, no matches, the note and a link to retake the test", () => {
    // Realistic one answer lower (45%) than the other five (50%): still level under the claims rule (ADR 036).
    for (const answers of [answersFor({ r: 2, i: 2, a: 2, s: 2, e: 2, c: 2 }), { ...answersFor({ r: 2, i: 2, a: 2, s: 2, e: 2, c: 2 }), r1: 1 }]) {
      const doc = buildReport(input(answers, null, { professions: [], resultId: null }));
      expectValidDocument(doc);
      expect(doc.summary).toMatch(
        /^Your answers rate all six interest areas about the same, so none of them stands out, and this report gives you no interest code/,
      );
      // Every claim the report makes is a flat one, or an area placed as level with the others.
      expect(doc.claims?.filter((c) => c.kind !== "place")).toEqual(
        ["summary", "profile", "interest-code", "strengths", "professions", "next-steps"].map((at) => ({ at, kind: "flat", scales: [] })),
      );
      expect(doc.claims?.filter((c) => c.kind === "place").map((c) => c.place)).toEqual(Array(6).fill("level"));
      const profile = section(doc, "profile")!.blocks;
      expect(profile.map((b) => b.kind).slice(0, 4)).toEqual(["paragraph", "scale_chart", "callout", "links"]);
      expect(profile[2]).toMatchObject({ tone: "note", title: "Your interests are level", text: expect.stringContaining("take the test again") });
      expect(profile[3]).toMatchObject({ items: [{ type: "page", title: "Take the test again", href: "/quiz/career_test_green?again=1" }] });
      expect(
        profile
          .filter((b) => b.kind === "scale_detail")
          .every((b) => b.kind === "scale_detail" && /about as strong as your interest in the other five/.test(b.meaning)),
      ).toBe(true);
      expect(section(doc, "interest-code")!.blocks.some((b) => b.kind === "profile_code")).toBe(false);
      expect(section(doc, "strengths")!.blocks.map((b) => b.kind)).toEqual(["paragraph"]);
      expect(section(doc, "professions")!.blocks.map((b) => b.kind)).toEqual(["paragraph"]);
      expect(JSON.stringify(doc)).not.toMatch(/strongest area is|your code is|hold your interest most/i);

      const teaser = teaserFor(answers);
      expect(teaser.summary).toMatch(/^Your answers rate all six interest areas about the same, so none of them stands out and there is no interest code/);
      expect(teaser.sections[0]!.blocks.map((b) => b.kind)).toEqual(["scale_chart", "callout", "links"]);
      expect(teaser.claims).toEqual([
        { at: "teaser", kind: "flat", scales: [] },
        { at: "profile", kind: "flat", scales: [] },
      ]);
    }
  });

  it("names areas level at the top as a tie, and shows both before payment", () => {
    const answers = answersFor({ r: 0, i: 4, a: 1, s: 4, e: 2, c: 0 });
    expect(build(answers, null).summary).toMatch(/^Investigative and Social are level at the top of your interests: your answers put none of them ahead\./);
    const teaser = teaserFor(answers);
    expect(teaser.summary).toMatch(/^Investigative and Social are level as your strongest interest areas/);
    expect(teaser.sections[0]!.blocks[0]).toMatchObject({
      caption: "Your highest areas, level with each other",
      scales: [{ id: "investigative" }, { id: "social" }],
    });
    expect(teaser.claims).toContainEqual({ at: "profile", kind: "highest", outcome: "tie", scales: ["investigative", "social"] });
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
