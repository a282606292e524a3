import { describe, expect, it } from "vitest";
import type { ReportDocument } from "../../../../schemas/report/document.ts";
import { careerReport, wellbeingWithHelp } from "./fixtures/documents.ts";
import { teaserOf } from "./teaser.ts";

describe("teaserOf", () => {
  it("the summary's first sentence, every section's title, and only the top area in the chart's section", () => {
    const teaser = teaserOf(careerReport);
    expect(teaser.summary).toBe(
      "Robin, the kinds of work that hold your interest most are Social, Investigative and Artistic, which gives you the interest code SIA.",
    );
    expect(teaser.sections.map((s) => s.title)).toEqual(careerReport.sections.map((s) => s.title));
    expect(teaser.sections.map((s) => s.top?.scale.id ?? null)).toEqual(["social", null, null, null, null, null, null]);
    expect(teaser.sections[0]!.top!.about).toMatch(/^Social work is about people/);
    // Nothing else of the document is carried.
    expect(JSON.stringify(teaser)).not.toMatch(/Investigative work|school counselor|"percent":75/);
  });

  it("without a detail for the top scale: its name and level only", () => {
    const noDetails: ReportDocument = {
      ...wellbeingWithHelp,
      sections: wellbeingWithHelp.sections.map((s) => ({ ...s, blocks: s.blocks.filter((b) => b.kind !== "scale_detail") })),
    };
    expect(teaserOf(noDetails).sections[0]!.top).toMatchObject({ scale: { id: "exhaustion", percent: 80 }, about: null, meaning: null });
  });

  it("without a chart: every section locked", () => {
    const noChart: ReportDocument = { ...careerReport, sections: careerReport.sections.slice(1) };
    expect(teaserOf(noChart).sections.every((s) => s.top === null)).toBe(true);
  });
});
