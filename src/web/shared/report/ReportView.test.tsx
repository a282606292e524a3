import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { reportBlock, type ReportDocument, type ReportSection } from "#schemas/report/document.ts";
import { blockRenderers } from "./blocks/registry.ts";
import { careerReport, careerReportWithProfessions, wellbeingWithHelp, withoutFirstName } from "./fixtures/documents.ts";
import { ReportView, type ReportViewProps } from "./ReportView.tsx";

function show(props: ReportViewProps) {
  return render(
    <MemoryRouter>
      <ReportView {...props} />
    </MemoryRouter>,
  );
}

const headingLevels = () => screen.getAllByRole("heading").map((h) => Number(h.tagName.slice(1)));

describe("ReportView, the paid report", () => {
  it("has one h1 (the title), the cover's name, subtitle and summary, and every section title as an h2 in order", () => {
    show({ document: careerReport });
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([careerReport.title]);
    expect(screen.getByRole("article", { name: careerReport.title })).toBeTruthy();
    expect(screen.getByText("Prepared for", { exact: false }).textContent).toBe("Prepared for Robin");
    expect(screen.getByText(careerReport.cover.subtitle)).toBeTruthy();
    expect(screen.getByText(careerReport.summary)).toBeTruthy();
    const titles = careerReport.sections.map((s) => s.title);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(titles);
    for (const title of titles) expect(screen.getByRole("region", { name: title })).toBeTruthy();
  });

  it("never skips a heading level", () => {
    show({ document: careerReportWithProfessions });
    const levels = headingLevels();
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => expect(level).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1));
  });

  it("a table of contents links to every section", () => {
    show({ document: careerReport });
    const toc = screen.getByRole("navigation", { name: "In this report" });
    const links = within(toc).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(careerReport.sections.map((s) => `#report-${s.id}`));
    for (const link of links) expect(document.getElementById(link.getAttribute("href")!.slice(1))).toBeTruthy();
  });

  it("without a first name there is no 'Prepared for' line", () => {
    show({ document: withoutFirstName });
    expect(screen.queryByText(/Prepared for/)).toBeNull();
    expect(screen.getByRole("heading", { level: 1, name: careerReport.title })).toBeTruthy();
  });

  it("the chart is a figure with its caption, and every scale's name and percent are text", () => {
    show({ document: careerReport });
    const chart = careerReport.sections[0]!.blocks.find((b) => b.kind === "scale_chart")!;
    if (chart.kind !== "scale_chart") throw new Error("no chart");
    const figure = screen.getByRole("figure", { name: chart.caption });
    const rows = within(figure).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual(chart.scales.map((s) => `${s.letter}${s.name}${s.percent}%`));
    // The bars are pictures of those numbers, hidden from assistive technology.
    for (const svg of figure.querySelectorAll("svg")) expect(svg.getAttribute("aria-hidden")).toBe("true");
  });

  it("band labels and which end is better are in words", () => {
    show({ document: wellbeingWithHelp });
    const figure = screen.getByRole("figure");
    const exhaustion = within(figure).getByText("Exhaustion").closest("li")!;
    expect(exhaustion.textContent).toContain("High");
    expect(exhaustion.textContent).toContain("16 of 20");
    expect(exhaustion.textContent).toContain("Lower is better");
    expect(within(figure).getByText("Sense of accomplishment").closest("li")!.textContent).toContain("Higher is better");
    // Interests: neither end is better, so nothing is said.
    expect(screen.getAllByText(/is better/).length).toBeGreaterThan(0);
  });

  it("each scale detail is an h3 with its percent, what it measures and what it means", () => {
    show({ document: careerReport });
    const detail = screen
      .getAllByRole("heading", { level: 3, name: "Investigative" })
      .map((h) => h.closest(".report-detail"))
      .find(Boolean)!;
    expect(detail.textContent).toContain("75%");
    expect(detail.textContent).toContain("Investigative work is about finding things out.");
    expect(detail.textContent).toContain("What it means for you");
  });

  it("the profile code shows its letters with names and percents, and says the tie out loud", () => {
    show({ document: careerReport });
    const code = screen.getByRole("list", { name: "Your code: SIA" });
    expect(
      within(code)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["SSocial100%", "IInvestigative75%", "AArtistic50%"]);
    expect(
      screen.getByText(
        "Artistic and Enterprising are level at 50%, but only one fits in a 3-letter code: E could stand in for A. Read the professions for both.",
      ),
    ).toBeTruthy();
  });

  it("a profession card: title linking to the profession, code, match, summary, tasks, skills, education, pay with its source and year", () => {
    show({ document: careerReportWithProfessions });
    const link = screen.getByRole("link", { name: "Healthcare social worker" });
    expect(link.getAttribute("href")).toBe("/account/professions/healthcare-social-worker?result=7b0c6a1e-2f59-4d1e-9a55-0e8d5b7c2a10");
    const card = link.closest("article")!;
    const text = card.textContent;
    expect(text).toContain("88% match");
    expect(text).toContain("Interest code SI");
    expect(text).toContain("Typical tasks");
    expect(text).toContain("Psychosocial assessment");
    expect(text).toContain("Master's degree");
    expect(text).toContain("US$68,090 a year");
    expect(text).toContain("US$45,030 to US$100,870");
    expect(text).toContain("Pay: U.S. Bureau of Labor Statistics, Occupational Employment and Wage Statistics, May 2024.");
  });

  it("a profession without published pay has no pay line", () => {
    show({ document: careerReport });
    const card = screen.getByRole("link", { name: "school counselor" }).closest("article")!;
    expect(card.textContent).toContain("91% match");
    expect(card.textContent).toContain("Bachelor's degree");
    expect(card.textContent).not.toMatch(/pay|US\$/i);
  });

  it("links are links: cards into the account, professions and sources, each named by its text", () => {
    show({ document: careerReport });
    expect(screen.getByRole("link", { name: "Values card sort" }).getAttribute("href")).toBe("/account/tools/values-card-sort");
    expect(screen.getByRole("link", { name: "Career clarity in 7 days" }).getAttribute("href")).toBe("/account/plans/career-clarity-7-days");
    // Two links blocks in a row read as one set of cards.
    expect(screen.getByRole("link", { name: "How to switch careers without falling off a pay cliff" }).closest("ul")).toBe(
      screen.getByRole("link", { name: "Values card sort" }).closest("ul"),
    );
    const sources = screen.getByRole("list", { name: "Sources and notices" });
    expect(within(sources).getAllByRole("listitem")).toHaveLength(5);
    expect(within(sources).getByRole("link", { name: "www.bls.gov/oes" }).getAttribute("href")).toBe("https://www.bls.gov/oes/");
    for (const link of screen.getAllByRole("link")) expect(link.textContent?.trim()).not.toBe("");
  });

  it("callouts say their tone in words; help is a note that stands apart", () => {
    show({ document: wellbeingWithHelp });
    const help = screen.getByRole("note");
    expect(within(help).getByText("Where to find help")).toBeTruthy();
    expect(within(help).getByRole("heading", { level: 3, name: "If you are struggling" })).toBeTruthy();
    expect(screen.getByText("Not a diagnosis").closest(".report-callout")!.textContent).toContain("Note");
  });

  it("puts the page's actions on the cover", () => {
    show({ document: careerReport, actions: <button type="button">Download PDF</button> });
    expect(screen.getByRole("button", { name: "Download PDF" }).closest("header")).toBeTruthy();
  });

  it("has a renderer for every block kind of the document model", () => {
    const kinds = reportBlock.options.map((option) => option.shape.kind.value).sort();
    expect(Object.keys(blockRenderers).sort()).toEqual(kinds);
  });
});

describe("ReportView, the teaser before payment", () => {
  const otherScales = ["Investigative", "Artistic", "Enterprising", "Realistic", "Conventional"];

  it("shows the cover, the summary's first sentence and the top area with what it means", () => {
    show({ document: careerReport, layout: "teaser" });
    expect(screen.getByRole("heading", { level: 1, name: careerReport.title })).toBeTruthy();
    expect(
      screen.getByText("Robin, the kinds of work that hold your interest most are Social, Investigative and Artistic, which gives you the interest code SIA."),
    ).toBeTruthy();
    expect(screen.queryByText(/The pages below explain/)).toBeNull();
    const top = screen.getByRole("heading", { level: 3, name: "Social" }).closest(".report-top")!;
    expect(top.textContent).toContain("100%");
    expect(top.textContent).toContain("Social work is about people.");
    expect(top.textContent).toContain("This is one of your strongest areas.");
  });

  it("every section title is an h2; all but the top area's are locked", () => {
    show({ document: careerReport, layout: "teaser", actions: <button type="button">Get your full report</button> });
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(careerReport.sections.map((s) => s.title));
    expect(screen.getAllByText("Unlocked with your report")).toHaveLength(careerReport.sections.length - 1);
    for (const section of careerReport.sections.slice(1)) {
      expect(within(screen.getByRole("region", { name: section.title })).getByText("Unlocked with your report")).toBeTruthy();
    }
    expect(screen.getByRole("button", { name: "Get your full report" })).toBeTruthy();
  });

  it("has no other scale's number, no profession and no locked text anywhere in the DOM", () => {
    const { container } = show({ document: careerReport, layout: "teaser" });
    const html = container.innerHTML;
    expect(container.textContent.match(/\d+%/g)).toEqual(["100%"]);
    for (const name of otherScales.filter((n) => !careerReport.summary.split(". ")[0]!.includes(n))) expect(html).not.toContain(name);
    expect(screen.queryByRole("figure")).toBeNull();
    expect(screen.queryByText(/\d+% match/)).toBeNull();
    for (const hidden of [
      "school counselor",
      "registered nurse",
      "/account/professions",
      "Values card sort",
      "Holland, J. L.",
      "Artistic and Enterprising are level",
    ]) {
      expect(html).not.toContain(hidden);
    }
    expect(screen.queryAllByRole("link")).toHaveLength(0);
  });

  it("keeps sections the document marks as locked locked, in either layout", () => {
    const locked = (section: ReportSection): ReportSection => Object.assign({}, section, { blocks: [], locked: true });
    const serverTeaser: ReportDocument = { ...careerReport, sections: [careerReport.sections[0]!, ...careerReport.sections.slice(1).map(locked)] };
    show({ document: serverTeaser });
    expect(screen.getAllByText("Unlocked with your report")).toHaveLength(careerReport.sections.length - 1);
  });
});
