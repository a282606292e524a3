import { describe, expect, it } from "vitest";
import type { ReportDocument } from "#schemas/report/document.ts";
import { careerReport, careerReportWithProfessions, wellbeingWithHelp } from "../fixtures/documents.ts";
import { highlightsOf } from "./highlights.ts";

describe("highlightsOf", () => {
  it("a career report: the top area, the code, the best match, the first strength and the first next step", () => {
    const highlights = highlightsOf(careerReportWithProfessions);
    expect(highlights.map((h) => [h.label, h.title, h.value, h.sectionId])).toEqual([
      ["Your top area", "Social", "100%", "profile"],
      ["Your interest code", "SIA", null, "interest-code"],
      ["Your best match", "Healthcare social worker", "88% match", "professions"],
      ["A strength to use", "Social", null, "strengths"],
      ["A next step", "Emotional intelligence at work: name it, then choose your response", null, "next-steps"],
    ]);
    expect(highlights[0]!.text).toBe(firstMeaning(careerReport));
    expect(highlights[1]!.text).toBe("Social, Investigative and Artistic, strongest first.");
  });

  it("a report with fewer findings is filled up to three, with its band in the value", () => {
    const highlights = highlightsOf(wellbeingWithHelp);
    expect(highlights.map((h) => [h.label, h.title, h.value])).toEqual([
      ["Your most marked level", "Exhaustion", "16 of 20 · High"],
      ["Your next level", "Mental distance from work", "11 of 20 · Moderate"],
      ["A first step", "Protect one evening a week from work messages.", null],
    ]);
  });

  it("every finding points at a section of the document, and keys are unique", () => {
    for (const document of [careerReport, careerReportWithProfessions, wellbeingWithHelp]) {
      const highlights = highlightsOf(document);
      expect(highlights.length).toBeGreaterThanOrEqual(3);
      expect(highlights.length).toBeLessThanOrEqual(5);
      const ids = document.sections.map((s) => s.id);
      for (const h of highlights) expect(ids).toContain(h.sectionId);
      expect(new Set(highlights.map((h) => h.key)).size).toBe(highlights.length);
    }
  });

  it("nothing from a locked section", () => {
    const teaser: ReportDocument = { ...careerReport, sections: careerReport.sections.map((s, i) => (i > 0 ? { ...s, locked: true } : s)) };
    expect(highlightsOf(teaser).every((h) => h.sectionId === "profile")).toBe(true);
  });
});

function firstMeaning(document: ReportDocument) {
  const detail = document.sections.flatMap((s) => s.blocks).find((b) => b.kind === "scale_detail");
  return detail?.kind === "scale_detail" ? detail.meaning.split(/(?<=\.)\s/)[0] : null;
}
