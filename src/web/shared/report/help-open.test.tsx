import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { ReportDocument } from "#schemas/report/document.ts";
import type { TeaserLayout } from "#schemas/report/layout-ids.ts";
import { wellbeingWithHelp } from "./fixtures/documents.ts";
import { ReportLayoutView } from "./ReportLayoutView.tsx";
import { teaserOf } from "./teaser/teaser.ts";

/**
 * Help is never for sale (ADR 030): in a teaser the server cut, the help section it left open is
 * shown whole, with no lock, in both teaser layouts; the paid sections stay locked.
 */
const levels = wellbeingWithHelp.sections[0]!;
const serverTeaser: ReportDocument = {
  ...wellbeingWithHelp,
  summary: "Your exhaustion is high. Please talk to your doctor.",
  sections: [
    { id: levels.id, title: levels.title, blocks: levels.blocks.filter((b) => b.kind === "scale_chart" || b.kind === "scale_detail").slice(0, 2) },
    { id: "care", title: "Looking after yourself", blocks: [], locked: true },
    {
      id: "help",
      title: "When and where to get help",
      blocks: [
        { kind: "callout", tone: "help", title: "If you are in crisis", text: "Call or text 988 in the US; Samaritans answer on 116 123." },
        { kind: "paragraph", text: "Talk to a doctor if exhaustion has lasted for weeks." },
      ],
    },
    { id: "method", title: "How the check works", blocks: [], locked: true },
  ],
};

function show(layout: TeaserLayout, document: ReportDocument) {
  return render(
    <MemoryRouter>
      <ReportLayoutView layout={layout} document={document} promises={{ care: "First steps that take little energy." }} />
    </MemoryRouter>,
  );
}

describe("a help section the server left open", () => {
  it("teaserOf shows it whole and open; the top area stays in the chart's section", () => {
    const teaser = teaserOf(serverTeaser);
    expect(teaser.sections.map((s) => [s.id, s.open, s.help.length, s.top !== null])).toEqual([
      ["levels", false, 0, true],
      ["care", false, 0, false],
      ["help", true, 2, false],
      ["method", false, 0, false],
    ]);
  });

  it.each(["teaser", "early"] as const)("%s: readable before payment, with no lock, while the paid sections stay locked", (layout) => {
    show(layout, serverTeaser);
    const help = screen.getByRole("region", { name: "When and where to get help" });
    expect(within(help).getByRole("heading", { name: "If you are in crisis" })).toBeTruthy();
    expect(within(help).getByText(/116 123/)).toBeTruthy();
    expect(within(help).getByText("Talk to a doctor if exhaustion has lasted for weeks.")).toBeTruthy();
    expect(help.querySelector(".report-lock")).toBeNull();
    expect(help.getAttribute("data-locked")).toBeNull();
    for (const title of ["Looking after yourself", "How the check works"])
      expect(screen.getByRole("region", { name: title }).querySelector(".report-lock")).toBeTruthy();
  });
});
