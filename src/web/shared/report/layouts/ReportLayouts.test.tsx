import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { ReportDocument, ReportSection } from "#schemas/report/document.ts";
import { resultLayouts, teaserLayouts, type ReportLayout } from "#schemas/report/layout-ids.ts";
import { careerReport, careerReportWithProfessions, wellbeingWithHelp } from "../fixtures/documents.ts";
import { ReportLayoutView } from "../ReportLayoutView.tsx";
import { allCards, findingsOf } from "./findings.ts";
import { reportLayouts } from "./registry.ts";
import type { ReportLayoutProps } from "./types.ts";

function show(layout: ReportLayout, props: Partial<ReportLayoutProps> = {}) {
  return render(
    <MemoryRouter>
      <ReportLayoutView layout={layout} document={careerReport} {...props} />
    </MemoryRouter>,
  );
}

const titles = careerReport.sections.map((s) => s.title);
/** A button's name of a kicker and a title ("Next: Your interest code"), however the space before the colon is computed. */
const kicked = (kicker: string, title: string) => new RegExp(`^${kicker} ?: ${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
const headingLevels = () => screen.getAllByRole("heading").map((h) => Number(h.tagName.slice(1)));
const locked = (section: ReportSection): ReportSection => ({ ...section, blocks: [], locked: true });
/** A teaser built on the server: the first section open, every other one locked with no blocks. */
/** As the server sends it before payment: the template's teaser summary, every section after the first locked. */
const serverTeaser: ReportDocument = {
  ...careerReport,
  summary:
    "Robin, your strongest interest area is Social. Your full report explains all six areas, gives you your three-letter interest code and matches your profile with professions.",
  sections: [careerReport.sections[0]!, ...careerReport.sections.slice(1).map(locked)],
};

describe("the layout registry", () => {
  it("has a renderer for every result and teaser layout, and nothing else", () => {
    expect(Object.keys(reportLayouts).sort()).toEqual([...resultLayouts, ...teaserLayouts].sort());
  });

  const all = [...resultLayouts, ...teaserLayouts];

  it.each(all)("%s: an article named by the report's title, marked with its layout, headings that never skip a level", (layout) => {
    const { container } = show(layout, { document: careerReportWithProfessions });
    const article = screen.getByRole("article", { name: careerReport.title });
    expect(container.querySelector(`[data-layout="${layout}"]`)?.contains(article)).toBe(true);
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([careerReport.title]);
    const levels = headingLevels();
    levels.forEach((level, i) => expect(level).toBeLessThanOrEqual((levels[i - 1] ?? 1) + 1));
  });

  it.each(all)("%s: under a page's h1 the title is an h2 and nothing is an h1", (layout) => {
    show(layout, { titleLevel: 2 });
    expect(screen.queryAllByRole("heading", { level: 1 })).toHaveLength(0);
    expect(screen.getByRole("heading", { level: 2, name: careerReport.title })).toBeTruthy();
  });

  it.each(resultLayouts.filter((l) => l !== "document" && l !== "split" && l !== "reading"))("%s: sections are one level below the title", (layout) => {
    show(layout, { titleLevel: 2 });
    const h3s = screen.getAllByRole("heading", { level: 3, hidden: true }).map((h) => h.textContent);
    expect(h3s).toEqual(expect.arrayContaining(titles));
  });

  it.each(resultLayouts)("%s: shows the page's actions", (layout) => {
    show(layout, { actions: <button type="button">Download PDF</button> });
    expect(screen.getByRole("button", { name: "Download PDF" })).toBeTruthy();
  });
});

describe("accordion", () => {
  const details = () => Array.from(document.querySelectorAll("details"));

  it("every section is a panel titled by number and title, the first one open", () => {
    show("accordion");
    expect(details().map((d) => d.querySelector("summary")!.textContent)).toEqual(titles.map((t, i) => `${String(i + 1).padStart(2, "0")}${t}`));
    expect(details().map((d) => d.open)).toEqual(titles.map((_, i) => i === 0));
    expect(screen.getByText("7 sections · 1 open")).toBeTruthy();
  });

  it("a panel opens and closes; Open all and Close all", () => {
    show("accordion");
    const second = details()[1]!;
    second.open = true;
    fireEvent(second, new Event("toggle"));
    expect(screen.getByText("7 sections · 2 open")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Open all" }));
    expect(details().every((d) => d.open)).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Close all" }));
    expect(details().some((d) => d.open)).toBe(false);
    expect(screen.getByRole("button", { name: "Open all" })).toBeTruthy();
  });

  it("a locked section shows a lock and the locked line", () => {
    show("accordion", { document: serverTeaser });
    const panel = screen.getByRole("region", { name: titles[3]! });
    expect(within(panel).getByText("Locked")).toBeTruthy();
    expect(within(panel).getByText("Unlocked with your report")).toBeTruthy();
  });
});

describe("tabs", () => {
  it("a tab per section, the first selected and its panel the only one shown", () => {
    show("tabs");
    const tabs = within(screen.getByRole("tablist", { name: "Sections of your report" })).getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(titles.map((t, i) => `${i + 1}${t}`));
    expect(tabs.map((t) => t.getAttribute("aria-selected"))).toEqual(titles.map((_, i) => String(i === 0)));
    expect(tabs.map((t) => t.tabIndex)).toEqual(titles.map((_, i) => (i === 0 ? 0 : -1)));
    const panel = screen.getByRole("tabpanel");
    expect(panel.id).toBe(tabs[0]!.getAttribute("aria-controls"));
    expect(within(panel).getByRole("heading", { name: titles[0] })).toBeTruthy();
  });

  it("arrow keys, Home and End move the selection and the focus, and show the right panel", () => {
    show("tabs");
    const tabs = screen.getAllByRole("tab");
    const selected = () => screen.getAllByRole("tab").findIndex((t) => t.getAttribute("aria-selected") === "true");
    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: "ArrowRight" });
    expect(selected()).toBe(1);
    expect(document.activeElement).toBe(tabs[1]);
    expect(within(screen.getByRole("tabpanel")).getByRole("heading", { name: titles[1] })).toBeTruthy();
    fireEvent.keyDown(tabs[1]!, { key: "End" });
    expect(selected()).toBe(titles.length - 1);
    fireEvent.keyDown(tabs.at(-1)!, { key: "ArrowRight" });
    expect(selected()).toBe(0);
    fireEvent.keyDown(tabs[0]!, { key: "ArrowLeft" });
    expect(selected()).toBe(titles.length - 1);
    fireEvent.keyDown(tabs.at(-1)!, { key: "Home" });
    expect(selected()).toBe(0);
    expect(tabs.map((t) => t.tabIndex)).toEqual(titles.map((_, i) => (i === 0 ? 0 : -1)));
  });

  it("a click selects a tab; the end of a section offers the next one", () => {
    show("tabs");
    fireEvent.click(screen.getByRole("tab", { name: /Professions that match/ }));
    expect(within(screen.getByRole("tabpanel")).getByText("school counselor")).toBeTruthy();
    fireEvent.click(within(screen.getByRole("tabpanel")).getByRole("button", { name: kicked("Next section", titles[4]!) }));
    expect(screen.getByRole("tab", { selected: true }).textContent).toContain(titles[4]);
  });
});

describe("guided", () => {
  it("one section at a time, how far along, and a next button naming the next section", () => {
    show("guided");
    expect(screen.getByText(`Section 1 of ${titles.length}`)).toBeTruthy();
    // The other sections are in the page (for printing) but hidden.
    expect(screen.getAllByRole("region").map((r) => r.getAttribute("aria-labelledby"))).toEqual(["report-profile-title"]);
    expect(screen.queryByRole("button", { name: /^Previous/ })).toBeNull();
    const nav = screen.getByRole("navigation", { name: "Your way through the report" });
    expect(within(nav).getAllByRole("button")).toHaveLength(titles.length);
    expect(within(nav).getByRole("button", { current: "step" }).textContent).toContain(titles[0]);
  });

  it("Next and Previous move between sections and put the focus on the new section's title", () => {
    show("guided");
    fireEvent.click(screen.getByRole("button", { name: kicked("Next", titles[1]!) }));
    expect(screen.getByText(`Section 2 of ${titles.length}`)).toBeTruthy();
    const heading = screen.getByRole("heading", { level: 2, name: titles[1] });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole("navigation", { name: "Your way through the report" }).querySelector("[aria-current=step]")!.textContent).toContain(titles[1]);
    fireEvent.click(screen.getByRole("button", { name: kicked("Previous", titles[0]!) }));
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2, name: titles[0] }));
  });

  it("the progress list jumps to a section; the last one leads back to the start", () => {
    show("guided");
    const nav = screen.getByRole("navigation", { name: "Your way through the report" });
    fireEvent.click(within(nav).getByRole("button", { name: titles.at(-1) }));
    expect(screen.getByText(`Section ${titles.length} of ${titles.length}`)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Next/ })).toBeNull();
    expect(screen.getByText("You have reached the end of your report.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: kicked("Back to the start", titles[0]!) }));
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2, name: titles[0] }));
    expect(within(nav).getByRole("button", { name: `${titles.at(-1)} (read)` })).toBeTruthy();
  });
});

describe("split", () => {
  it("the chart and the code once, in the panel with the title, name, date and actions; every section beside it", () => {
    const { container } = show("split", { actions: <button type="button">Download PDF</button> });
    const panel = container.querySelector(".report-split__panel")!;
    expect(screen.getAllByRole("figure")).toHaveLength(1);
    expect(panel.contains(screen.getByRole("figure"))).toBe(true);
    expect(screen.getAllByRole("list", { name: "Your code: SIA" })).toHaveLength(1);
    expect(panel.contains(screen.getByRole("list", { name: "Your code: SIA" }))).toBe(true);
    expect(panel.textContent).toContain("Prepared for Robin");
    expect(panel.textContent).toContain(careerReport.cover.subtitle);
    expect(panel.contains(screen.getByRole("button", { name: "Download PDF" }))).toBe(true);
    for (const title of titles) expect(screen.getByRole("region", { name: title })).toBeTruthy();
    expect(screen.getByText(careerReport.summary)).toBeTruthy();
  });
});

describe("highlights", () => {
  it("three to five numbered key findings, each linking to a section that exists, then the whole report", () => {
    show("highlights", { document: careerReportWithProfessions });
    const panel = screen.getByRole("region", { name: "Key findings" });
    const items = within(panel).getAllByRole("listitem");
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.length).toBeLessThanOrEqual(5);
    for (const link of within(panel).getAllByRole("link")) {
      const target = document.getElementById(link.getAttribute("href")!.slice(1));
      expect(target?.tagName).toBe("SECTION");
    }
    expect(within(items[0]!).getByRole("heading", { level: 3, name: "Social" })).toBeTruthy();
    expect(items[2]!.textContent).toContain("88% match");
    expect(screen.getByRole("navigation", { name: "In this report" })).toBeTruthy();
    for (const title of titles) expect(screen.getByRole("region", { name: title })).toBeTruthy();
  });
});

describe("bingo", () => {
  it("one card per finding, grouped under the section titles; the chart and the sources span the row", () => {
    const { container } = show("bingo");
    const cards = allCards(findingsOf(careerReport));
    expect(container.querySelectorAll(".report-bingo__card")).toHaveLength(cards.length);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(titles);
    const profile = screen.getByRole("region", { name: titles[0] });
    expect(profile.querySelectorAll(".report-bingo__card")).toHaveLength(8);
    expect(Array.from(container.querySelectorAll("[data-wide]:not([data-kind=text])")).map((c) => c.getAttribute("data-kind"))).toEqual(["chart", "sources"]);
    const match = screen.getByRole("link", { name: "school counselor" }).closest(".report-bingo__card")!;
    expect(match.textContent).toContain("Match 1");
    expect(match.textContent).toContain("91% match");
    expect(match.textContent).toContain("Interest code SIA");
    expect(screen.getByRole("link", { name: "Values card sort" }).closest(".report-bingo__card")).toBeTruthy();
  });
});

describe("bingo-v2", () => {
  const total = allCards(findingsOf(careerReport)).length;

  it("every card starts face down, showing its label as a button; nothing of the finding is shown", () => {
    show("bingo-v2");
    const buttons = screen.getAllByRole("button", { expanded: false });
    expect(buttons).toHaveLength(total);
    expect(buttons.slice(0, 3).map((b) => b.textContent)).toEqual(["Good to knowTurn over", "All your areas at a glanceTurn over", "Your top areaTurn over"]);
    expect(screen.getByRole("button", { name: kicked("Strength", "Social") })).toBeTruthy();
    expect(screen.queryByRole("figure")).toBeNull();
    expect(screen.queryByRole("link", { name: "school counselor" })).toBeNull();
    expect(screen.getByRole("status").textContent).toBe(`0 of ${total} turned over`);
  });

  it("a card turns over and back, keeps the focus, and the count follows", () => {
    show("bingo-v2");
    const top = screen.getByRole("button", { name: "Your top area" });
    top.focus();
    fireEvent.click(top);
    expect(top.getAttribute("aria-expanded")).toBe("true");
    const content = document.getElementById(top.getAttribute("aria-controls")!)!;
    expect(content.hidden).toBe(false);
    expect(within(content).getByRole("heading", { level: 4, name: "Social" })).toBeTruthy();
    expect(document.activeElement).toBe(top);
    expect(screen.getByRole("status").textContent).toBe(`1 of ${total} turned over`);
    fireEvent.click(screen.getByRole("button", { name: "Match 1" }));
    expect(screen.getByRole("link", { name: "school counselor" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(`2 of ${total} turned over`);
    fireEvent.click(top);
    expect(content.hidden).toBe(true);
    expect(screen.getByRole("status").textContent).toBe(`1 of ${total} turned over`);
  });

  it("Turn all over shows every card; then all can go face down again", () => {
    show("bingo-v2");
    fireEvent.click(screen.getByRole("button", { name: "Turn all over" }));
    expect(screen.queryAllByRole("button", { expanded: false })).toHaveLength(0);
    expect(screen.getByRole("status").textContent).toBe(`${total} of ${total} turned over`);
    expect(screen.getByRole("figure")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Turn all face down" }));
    expect(screen.getAllByRole("button", { expanded: false })).toHaveLength(total);
  });
});

describe("reading", () => {
  it("one column: no contents, no cards, no coloured callouts; numbered sections, the chart kept", () => {
    const { container } = show("reading", { document: careerReportWithProfessions });
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(container.querySelector(".report-callout, .profession, .report-link-card, .report-code__item, .report-toc")).toBeNull();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(titles.map((t, i) => `${i + 1}. ${t}`));
    expect(screen.getAllByRole("figure")).toHaveLength(1);
    const social = screen.getByText("Social.", { selector: "strong" }).closest("p")!;
    expect(social.textContent).toMatch(/^Social\. You care about how other people are doing/);
    expect(screen.getByRole("link", { name: "Healthcare social worker" })).toBeTruthy();
    expect(screen.getByText(/88% match · interest code SI/)).toBeTruthy();
  });

  it("help keeps its words and stays a note", () => {
    show("reading", { document: wellbeingWithHelp });
    expect(screen.getByRole("note").textContent).toMatch(/^Where to find help\. If you are struggling\./);
  });
});

describe("early", () => {
  const promises = {
    "interest-code": "Your three-letter interest code and what it says about the work that suits you.",
    professions: "Professions whose interest profiles match yours, with pay and what the work is like.",
  };

  it("the top area as the teaser shows it, then every other section locked with its number and title", () => {
    show("early", { promises });
    const top = screen.getByRole("heading", { level: 3, name: "Social" }).closest(".report-top")!;
    expect(top.textContent).toContain("100%");
    for (const [index, title] of titles.entries()) {
      const region = screen.getByRole("region", { name: title });
      if (index === 0) continue;
      expect(region.textContent).toContain(String(index + 1).padStart(2, "0"));
      expect(region.querySelector(".report-lock")).toBeTruthy();
    }
  });

  it("each promise next to its locked section; the locked line where there is none", () => {
    show("early", { promises });
    for (const [id, promise] of Object.entries(promises)) {
      const title = careerReport.sections.find((s) => s.id === id)!.title;
      expect(screen.getByRole("region", { name: title }).textContent).toContain(`What you get: ${promise}`);
    }
    expect(within(screen.getByRole("region", { name: titles[2]! })).getByText("Unlocked with your report")).toBeTruthy();
  });

  it("reveals nothing teaserOf does not return, from a full document or a server's teaser", () => {
    for (const doc of [careerReport, serverTeaser]) {
      const { container, unmount } = show("early", { document: doc, promises, actions: <button type="button">Get your full report</button> });
      const html = container.innerHTML;
      expect(container.textContent.match(/\d+%/g)).toEqual(["100%"]);
      for (const name of ["Enterprising", "Realistic", "Conventional"]) expect(html).not.toContain(name);
      expect(screen.queryByRole("figure")).toBeNull();
      for (const hidden of [
        "school counselor",
        "/account/professions",
        "Values card sort",
        "Holland, J. L.",
        "The pages below explain",
        "Investigative work",
      ]) {
        expect(html).not.toContain(hidden);
      }
      expect(screen.queryAllByRole("link")).toHaveLength(0);
      expect(screen.getByRole("button", { name: "Get your full report" })).toBeTruthy();
      unmount();
    }
  });
});
