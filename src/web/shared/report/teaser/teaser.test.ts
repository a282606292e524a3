import { describe, expect, it } from "vitest";
import type { ReportDocument } from "#schemas/report/document.ts";
import { careerReport, wellbeingWithHelp } from "../fixtures/documents.ts";
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

  it("levels: the first scale as the level, every other scale with its band, and where to find help open beside it", () => {
    const teaser = teaserOf(wellbeingWithHelp);
    const first = teaser.sections[0]!;
    expect(first.top).toMatchObject({ levels: true, scale: { id: "exhaustion" } });
    expect(first.top!.others.map((s) => [s.id, s.band?.label])).toEqual([
      ["distance", "Moderate"],
      ["accomplishment", "Moderate"],
    ]);
    expect(first.help.map((h) => (h.kind === "callout" ? h.title : h.kind))).toEqual(["If you are struggling"]);
    expect(teaser.sections.slice(1).every((s) => s.help.length === 0 && s.top === null)).toBe(true);
    // A profile shows no other scale.
    expect(teaserOf(careerReport).sections[0]!.top!.others).toEqual([]);
  });

  it("keeps a summary the server already cut to a teaser whole; cuts a full report's to its first sentence", () => {
    const cut: ReportDocument = {
      ...wellbeingWithHelp,
      summary: "Your score is 17 out of 21: severe. This is a screening result, not a diagnosis.",
      sections: wellbeingWithHelp.sections.map((s, i) => (i === 0 ? s : { id: s.id, title: s.title, blocks: [], locked: true })),
    };
    expect(teaserOf(cut).summary).toBe("Your score is 17 out of 21: severe. This is a screening result, not a diagnosis.");
    expect(teaserOf(wellbeingWithHelp).summary).toBe("Sam, your answers show a high level of exhaustion and a moderate distance from your work.");
  });
});
