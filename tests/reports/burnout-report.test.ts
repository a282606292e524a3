import { describe, expect, it } from "vitest";
import type { Answers } from "#engine/flow/types.ts";
import { blocks, expectValidDocument, hrefs, items, numbered, openBlocks, paidSectionsLocked, topicReport } from "../helpers/topic-report.ts";

/** The burnout report (CBI personal and work scales): the 0–100 scoring, the reversed item, the sections and the help at the top band. */
const { build, teaserFor, scale } = topicReport(/^burnout\.yaml$/, "content/reports/burnout_cbi/report.yaml");

/** Six personal and seven work answers (0–100 each), and the unscored questions. */
const answersOf = (personal: number[], work: number[], extra: Answers = {}): Answers => ({
  ...numbered("p", personal),
  ...numbered("w", work),
  drains: ["workload"],
  duration: "months",
  ...extra,
});

describe("the burnout report", () => {
  it("scores each scale as the mean of 0–100 answers, with the energy-for-family item reversed", () => {
    expect(scale(answersOf([50, 50, 50, 50, 50, 50], [0, 0, 0, 0, 0, 0, 100]), "personal")).toMatchObject({ score: 50, band: "high", min: 0, max: 100 });
    // Always having energy for family and friends (100) counts as 0 burnout; never having it as 100.
    expect(scale(answersOf([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 100]), "work")).toMatchObject({ score: 0, band: "low" });
    expect(scale(answersOf([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0]), "work").score).toBeCloseTo(14.29, 2);
    expect(scale(answersOf([25, 25, 25, 25, 25, 0], [0, 0, 0, 0, 0, 0, 100]), "personal")).toMatchObject({ score: 20.83, band: "low" });
    expect(scale(answersOf([25, 25, 25, 25, 25, 25], [0, 0, 0, 0, 0, 0, 100]), "personal").band).toBe("moderate");
    expect(scale(answersOf([75, 75, 75, 75, 75, 75], [0, 0, 0, 0, 0, 0, 100]), "personal").band).toBe("very-high");
  });

  it("has every promised section, and chooses steps by what drains the person", () => {
    const doc = build(answersOf([75, 50, 50, 50, 50, 25], [75, 75, 50, 75, 75, 50, 25], { drains: ["control", "values"], duration: "long" }), "Noor");
    expectValidDocument(doc);
    expect(doc.sections.map((s) => s.id)).toEqual(["levels", "drains", "next-steps", "help", "method"]);
    // Both scores by name: the summary compares nothing (ADR 036).
    expect(doc.summary).toMatch(/^Noor, your personal burnout is 50 out of 100, high, and your work-related burnout 67\.9 out of 100, high\./);
    const drains = items(doc, "drains");
    expect(drains.map((t) => t.split(":")[0])).toEqual(["Control", "Values"]);
    expect(blocks(doc, "drains")).toContainEqual(expect.objectContaining({ text: expect.stringContaining("more than six months") }));
    const links = hrefs(doc, "next-steps");
    expect(links).toEqual(expect.arrayContaining(["/account/plans/burnout-recovery-14-days", "/account/tools/work-life-balance-audit"]));
  });

  it("says no drain was named when none was, and does not say 'these are the parts you said drain you most' over an empty list", () => {
    const doc = build(answersOf([50, 50, 50, 50, 50, 50], [50, 50, 50, 50, 50, 50, 50], { drains: ["none"], duration: "weeks" }), "Noor");
    expectValidDocument(doc);
    expect(items(doc, "drains")).toEqual([]);
    const said = blocks(doc, "drains").map((b) => ("text" in b ? String(b.text) : ""));
    expect(said.some((t) => t.startsWith("You did not name a specific drain"))).toBe(true);
    expect(said.some((t) => t.startsWith("These are the parts of work you said drain you most"))).toBe(false);
  });

  it("at the very high band: a doctor first in the steps, and the help open in the free teaser", () => {
    const answers = answersOf([100, 100, 75, 75, 100, 75], [75, 100, 75, 100, 100, 75, 0]);
    expect(items(build(answers), "next-steps")[0]).toMatch(/^Book an appointment with your doctor/);
    const teaser = teaserFor(answers);
    expect(teaser.summary).toMatch(/^Your exhaustion is in the very high range\. Please talk to your doctor or occupational health soon\./);
    expect(teaser.summary).toContain("not a diagnosis");
    const open = openBlocks(teaser);
    expect(open[0]).toMatchObject({ kind: "scale_chart", caption: "Your levels" });
    expect(blocks(teaser, "help")[0]).toMatchObject({ kind: "callout", tone: "help", text: expect.stringContaining("occupational health") });
    expect(paidSectionsLocked(teaser, ["help"])).toBe(true);
  });
});
