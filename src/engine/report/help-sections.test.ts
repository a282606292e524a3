import { describe, expect, it } from "vitest";
import type { ReportDocument, ReportScale } from "#schemas/report/document.ts";
import type { ReportTemplate, ReportWhen } from "#schemas/report/template.ts";
import { helpSections, withHelpOpen } from "./help-sections.ts";

const scale: ReportScale = {
  id: "anxiety",
  name: "Anxiety",
  letter: null,
  score: 17,
  min: 0,
  max: 21,
  percent: 81,
  band: { id: "severe", label: "Severe" },
  higher_is: "worse",
  rank: 1,
};
const crisis = { kind: "callout", tone: "help", title: "If you are in crisis", text: "Call 988." } as const;

/** A paid levels report with a help section between the paid ones. */
const report: ReportDocument = {
  format: 1,
  prompt_code: "fx",
  flow_code: "fx",
  title: "Your report",
  cover: { first_name: null, subtitle: "Check · 1 January 2026", date: "2026-01-01T00:00:00.000Z" },
  summary: "The whole summary.",
  sections: [
    {
      id: "level",
      title: "Your level",
      blocks: [
        { kind: "scale_chart", caption: "Your score", scales: [scale] },
        { kind: "scale_detail", scale, about: "What it measures.", meaning: "What severe means." },
        { kind: "paragraph", text: "Paid detail." },
      ],
    },
    { id: "next-steps", title: "Your next steps", blocks: [{ kind: "list", style: "numbered", items: ["A paid step."] }] },
    { id: "help", title: "When and where to get help", blocks: [crisis, { kind: "paragraph", text: "Talk to a doctor." }] },
    { id: "method", title: "How the check works", blocks: [{ kind: "paragraph", text: "Paid method." }] },
  ],
};

/** The teaser as teaserOf cuts it: the top area (and, today, a copy of every help callout) in the first section, the rest locked. */
const cut: ReportDocument = {
  ...report,
  summary: "Teaser summary.",
  sections: report.sections.map((s, i) =>
    i === 0 ? { id: s.id, title: s.title, blocks: [...s.blocks.slice(0, 2), crisis] } : { id: s.id, title: s.title, blocks: [], locked: true },
  ),
};

const severe: ReportWhen = { band_of: "anxiety", in: ["moderate", "severe"] };
const sections = (help: ReportTemplate["sections"][number]["help"]) =>
  [{ id: "level" }, { id: "help", help }].map((s) => ({ ...s, title: s.id, blocks: [{ paragraph: "x" }] })) as ReportTemplate["sections"];

describe("helpSections: which sections are help, and which this result opens", () => {
  it("help: true always; help: { when_any } when one condition holds; unmarked sections never", () => {
    const bandIs = (band: string) => (when: ReportWhen) => !Array.isArray(when) && (when.in ?? []).includes(band);
    expect(helpSections({ sections: sections({ when_any: [severe] }) }, bandIs("severe"))).toEqual({ all: new Set(["help"]), open: new Set(["help"]) });
    expect(helpSections({ sections: sections({ when_any: [severe] }) }, bandIs("mild"))).toEqual({ all: new Set(["help"]), open: new Set() });
    expect(helpSections({ sections: sections(true) }, () => false)).toEqual({ all: new Set(["help"]), open: new Set(["help"]) });
    expect(helpSections({ sections: sections(undefined) }, () => true)).toEqual({ all: new Set(), open: new Set() });
  });
});

describe("withHelpOpen: help is never for sale", () => {
  it("when the band calls for help, the help section is open and whole; the top area stays in the first section, the rest locked", () => {
    const teaser = withHelpOpen(cut, report, { all: new Set(["help"]), open: new Set(["help"]) });
    expect(teaser.summary).toBe("Teaser summary.");
    expect(teaser.sections.map((s) => [s.id, s.locked ?? false, s.blocks.length])).toEqual([
      ["level", false, 2],
      ["next-steps", true, 0],
      ["help", false, 2],
      ["method", true, 0],
    ]);
    expect(teaser.sections[2]!.blocks).toEqual(report.sections[2]!.blocks);
    // The help callout is in its own section only, not repeated beside the top area.
    expect(teaser.sections[0]!.blocks.map((b) => b.kind)).toEqual(["scale_chart", "scale_detail"]);
  });

  it("otherwise the help section is absent: neither open nor locked (a locked one would be sold)", () => {
    const teaser = withHelpOpen(cut, report, { all: new Set(["help"]), open: new Set() });
    expect(teaser.sections.map((s) => s.id)).toEqual(["level", "next-steps", "method"]);
    expect(JSON.stringify(teaser)).not.toContain("988");
  });

  it("a help section the report left out (every block's condition failed) is absent too", () => {
    const without = { ...report, sections: report.sections.filter((s) => s.id !== "help") };
    const teaser = withHelpOpen(cut, without, { all: new Set(["help"]), open: new Set(["help"]) });
    expect(teaser.sections.map((s) => s.id)).toEqual(["level", "next-steps", "method"]);
  });
});
