import { describe, expect, it } from "vitest";
import type { ReportDocument, ReportScale } from "#schemas/report/document.ts";
import { highlightsOf } from "../layouts/highlights.ts";
import { teaserOf } from "./teaser.ts";

/** The browser reads the report's claims (ADR 036) to pick the area it shows first, never the chart's order alone. */
const scale = (id: string, percent: number, band: string | null = null): ReportScale => ({
  id,
  name: id[0]!.toUpperCase() + id.slice(1),
  letter: null,
  score: percent / 20,
  min: 0,
  max: 5,
  percent,
  band: band ? { id: band, label: band[0]!.toUpperCase() + band.slice(1) } : null,
  higher_is: "neutral",
  rank: 1,
});

const levels = (claims: ReportDocument["claims"]): ReportDocument => {
  const scales = [scale("attention", 55, "moderate"), scale("positive", 50, "moderate"), scale("negative", 0, "low")];
  return {
    format: 1,
    prompt_code: "fx",
    flow_code: "fx",
    title: "Your report",
    cover: { first_name: null, subtitle: "Check · 1 January 2026", date: "2026-01-01T00:00:00.000Z" },
    summary: "The summary.",
    sections: [
      {
        id: "levels",
        title: "Your levels",
        blocks: [
          { kind: "scale_chart", caption: "Your levels", scales },
          ...scales.map((s) => ({ kind: "scale_detail" as const, scale: s, about: `About ${s.id}.`, meaning: `What ${s.id} means.` })),
        ],
      },
      { id: "next", title: "Next steps", blocks: [], locked: true },
    ],
    claims,
  };
};

describe("the teaser and highlights follow the report's claims", () => {
  it("show the scale the report names as most marked, not the chart's first", () => {
    const doc = levels([{ at: "levels", kind: "most_marked", outcome: "one", scales: ["negative"] }]);
    const top = teaserOf(doc).sections[0]!.top!;
    expect(top.scale.id).toBe("negative");
    expect(top.meaning).toBe("What negative means.");
    expect(top.others.map((s) => s.id)).toEqual(["attention", "positive"]);
    expect(highlightsOf(doc)[0]).toMatchObject({ label: "Your most marked level", title: "Negative" });
  });

  it("name a tie as a tie", () => {
    const doc = levels([{ at: "levels", kind: "most_marked", outcome: "tie", scales: ["attention", "negative"] }]);
    expect(teaserOf(doc).sections[0]!.top!.level.map((s) => s.id)).toEqual(["negative"]);
    expect(highlightsOf(doc)[0]).toMatchObject({ label: "Your most marked levels, equally marked", title: "Attention and Negative" });
  });

  it("a flat profile shows no top area: the chart, the note and the link to retake the test", () => {
    const doc = levels([{ at: "levels", kind: "flat", scales: [] }]);
    doc.sections[0]!.blocks.push(
      { kind: "callout", tone: "note", title: "Your scores are level", text: "All your scores are close together. More." },
      { kind: "links", items: [{ type: "page", title: "Take the test again", text: "Again.", href: "/quiz/fx" }] },
    );
    const section = teaserOf(doc).sections[0]!;
    expect(section.top).toBeNull();
    expect(section.flat.map((b) => b.kind)).toEqual(["scale_chart", "callout", "links"]);
    expect(highlightsOf(doc)[0]).toMatchObject({ label: "Your profile", title: "Your scores are level", text: "All your scores are close together." });
  });
});
