import { describe, expect, it } from "vitest";
import type { ReportDocument } from "#schemas/report/document.ts";
import { careerReport, wellbeingWithHelp } from "../fixtures/documents.ts";
import { allCards, findingsOf, isFullWidth } from "./findings.ts";

const labels = (document: ReportDocument, sectionId: string) =>
  findingsOf(document)
    .find((g) => g.id === sectionId)!
    .cards.map((c) => `${c.kind}:${c.label}`);

describe("findingsOf", () => {
  it("one group per section, in order, numbered", () => {
    const groups = findingsOf(careerReport);
    expect(groups.map((g) => [g.number, g.title])).toEqual(careerReport.sections.map((s, i) => [i + 1, s.title]));
  });

  it("the profile: its text, the chart, and each area from the top down", () => {
    expect(labels(careerReport, "profile")).toEqual([
      "text:Good to know",
      "chart:All your areas at a glance",
      "scale:Your top area",
      "scale:Your second area",
      "scale:Your third area",
      "scale:Your fourth area",
      "scale:Your fifth area",
      "scale:Your sixth area",
    ]);
  });

  it("in a flat profile no area is called the top one: each card is known by its area's name", () => {
    const flat: ReportDocument = { ...careerReport, claims: [...(careerReport.claims ?? []), { at: "summary", kind: "flat", scales: [] }] };
    const scales = labels(flat, "profile").filter((l) => l.startsWith("scale:"));
    expect(scales).toHaveLength(6);
    expect(scales.some((l) => /top|second|third/.test(l))).toBe(false);
    const names = careerReport.sections.find((s) => s.id === "profile")!.blocks.flatMap((b) => (b.kind === "scale_detail" ? [`scale:${b.scale.name}`] : []));
    expect(scales).toEqual(names);
  });

  it("the code named as its section names it; paragraphs in a row share one card", () => {
    const group = findingsOf(careerReport).find((g) => g.id === "interest-code")!;
    expect(group.cards.map((c) => `${c.kind}:${c.label}`)).toEqual(["code:Your interest code", "text:Good to know"]);
    const text = group.cards[1]!;
    expect(text.kind === "text" && text.paragraphs).toHaveLength(2);
  });

  it("each callout, profession and link is a card of its own", () => {
    expect(labels(careerReport, "strengths").filter((l) => l.startsWith("callout"))).toEqual([
      "callout:Social",
      "callout:Investigative",
      "callout:Artistic",
      "callout:Enterprising",
      "callout:Realistic",
      "callout:Conventional",
    ]);
    expect(labels(careerReport, "professions")).toEqual(["text:Good to know", "profession:Match 1", "profession:Match 2", "text:Good to know"]);
    expect(labels(careerReport, "next-steps")).toEqual([
      "list:Steps to try",
      "link:Something to read",
      "link:A tool to try",
      "link:Something to read",
      "link:Something to read",
    ]);
  });

  it("keeps every block: each one is in exactly one card", () => {
    const blocks = careerReport.sections.flatMap((s) => s.blocks);
    const cards = allCards(findingsOf(careerReport));
    const covered = cards.reduce((n, card) => n + (card.kind === "text" ? card.paragraphs.length : 1), 0);
    const expected = blocks.reduce((n, b) => n + (b.kind === "links" || b.kind === "professions" ? b.items.length : b.kind === "heading" ? 0 : 1), 0);
    expect(covered).toBe(expected);
    expect(new Set(cards.map((c) => c.key)).size).toBe(cards.length);
  });

  it("a heading names the card after it; the chart, a section's opening text and the sources take the whole row", () => {
    const care = findingsOf(wellbeingWithHelp).find((g) => g.id === "care")!;
    expect(care.cards.map((c) => `${c.kind}:${c.label}`)).toEqual(["list:First steps", "callout:Not a diagnosis", "callout:If you are struggling"]);
    const wide = allCards(findingsOf(careerReport)).filter(isFullWidth);
    expect(wide.map((c) => `${c.kind}:${c.key}`)).toEqual([
      "text:profile-0-0",
      "chart:profile-1-0",
      "text:strengths-0-0",
      "text:professions-0-0",
      "text:clarity-plan-0-0",
      "text:method-0-0",
      "sources:method-4-0",
    ]);
  });

  it("a locked section has no cards", () => {
    const teaser: ReportDocument = { ...careerReport, sections: careerReport.sections.map((s, i) => (i > 0 ? { ...s, blocks: [], locked: true } : s)) };
    const groups = findingsOf(teaser);
    expect(groups.slice(1).every((g) => g.locked && g.cards.length === 0)).toBe(true);
  });
});
