import { render, screen, within } from "@testing-library/react";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { flowSummaries } from "virtual:flow-cards";
import type { Card } from "#schemas/flow/card.ts";
import { renderRoute } from "#web/test/render-route.tsx";
import { AssessmentGrid } from "./AssessmentGrid.tsx";
import { HOME_DESCRIPTION, HOME_TITLE } from "./home-head.ts";

describe("HomePage", () => {
  it("renders a single h1 with the hero headline", async () => {
    renderRoute("/");
    await screen.findByRole("heading", { level: 1 });
    const headings = screen.getAllByRole("heading", { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]?.textContent).toMatch(/find work that fits who you\s*are/i);
  });

  it("shows one card per flow that declares one, linked to the flow's start, in the cards' order", async () => {
    renderRoute("/");
    await screen.findByRole("heading", { level: 1 });
    const section = screen.getByRole("region", { name: "Choose an assessment" });
    const links = within(section).getAllByRole("link");
    // virtual:flows is built from flows/*.yaml: every card there, in its order, at its flow's start.
    const carded = flowSummaries.filter((f) => f.card).sort((a, b) => a.card!.order - b.card!.order);
    expect(carded).toHaveLength(10);
    expect(links.map((link) => link.getAttribute("href"))).toEqual(carded.map((f) => f.start));
    expect(links.map((link) => link.textContent)).toEqual(carded.map((f) => String(f.card!.title)));
    expect(screen.getByRole("link", { name: "Career Interest Test" }).getAttribute("href")).toBe("/quiz/career_test_green");
    expect(screen.getByRole("link", { name: "Anxiety Self-Check" }).getAttribute("href")).toBe("/anxiety");
    expect(screen.getByRole("link", { name: "Income Growth" }).getAttribute("href")).toBe("/income");
    // Every card has its picture with words for screen readers, and says how long it takes.
    const pictures = within(section).getAllByRole("img");
    expect(pictures).toHaveLength(10);
    for (const picture of pictures) expect(picture.getAttribute("alt")?.length).toBeGreaterThan(10);
    expect(within(section).getAllByText(/^about \d+ minutes?$/)).toHaveLength(10);
    expect(within(section).getByRole("list", { name: "The six interest areas" }).textContent).toMatch(/Realistic.*Conventional/);
  });

  it("shows the card of a flow whose topic no code knows, and no card for a flow without one", () => {
    const card: Card = {
      title: "Leadership Style",
      line: "See how you lead: by direction, by example or by bringing people in.",
      minutes: 3,
      picture: { src: "/content-images/article-giving-feedback.svg", alt: "Two people linked by a gentle arc" },
      category: "skills",
      order: 5,
    };
    const flows = [
      { code: "burnout_cbi", topic: "burnout", start: "/burnout", card: { ...card, title: "Burnout Check", category: "wellbeing" as const, order: 50 } },
      { code: "leadership_style", topic: "leadership", start: "/leadership", card },
      { code: "unlisted", topic: "hidden-topic", start: "/hidden-topic" },
    ];
    render(
      <MemoryRouter>
        <AssessmentGrid flows={flows} />
      </MemoryRouter>,
    );
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(2);
    // Order 5 comes before 50, so the new topic's card is first and featured.
    const first = within(items[0]!);
    expect(first.getByRole("link", { name: "Leadership Style" }).getAttribute("href")).toBe("/leadership");
    expect(first.getByText("Start here")).toBeTruthy();
    expect(first.getByRole("img", { name: "Two people linked by a gentle arc" }).getAttribute("src")).toBe("/content-images/article-giving-feedback.svg");
    expect(first.getByText("about 3 minutes")).toBeTruthy();
    expect(within(items[1]!).getByText("Wellbeing")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /hidden/i })).toBeNull();
    expect(screen.getByText(/The Leadership Style is a good first step/)).toBeTruthy();
  });

  it("has header, main and footer landmarks and the legal links", async () => {
    renderRoute("/");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("main")).toBeTruthy();
    const footer = screen.getByRole("contentinfo");
    const footerHrefs = within(footer)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"));
    expect(footerHrefs).toEqual(["/pricing", "/career-toolkit", "/terms-of-service", "/privacy-policy", "/refund-policy", "/contacts", "/login"]);
    expect(screen.getByRole("link", { name: "Skip to main content" }).getAttribute("href")).toBe("#main");
  });

  it("explains the method, price transparency and the limits of results", async () => {
    renderRoute("/");
    await screen.findByRole("heading", { level: 1 });
    const method = screen.getByRole("region", { name: "What we measure, and how" });
    expect(method.textContent).toMatch(/O\*NET Interest Profiler/);
    expect(method.textContent).toMatch(/U\.S\. Department of Labor/);
    expect(method.textContent).toMatch(/not a medical or psychological diagnosis/);
    expect(method.textContent).toMatch(/hiring/);
    const how = screen.getByRole("region", { name: "How it works" });
    expect(how.textContent).toMatch(/see the price before you pay/i);
    expect(how.textContent).toMatch(/cancel any time from your account/i);
  });
});

describe("the home page's head", () => {
  it("is index.html's: the pages drawn in the browser start with the site's own title and description", () => {
    const index = readFileSync(join(process.cwd(), "index.html"), "utf8");
    expect(/<title>([^<]*)<\/title>/.exec(index)?.[1]).toBe(HOME_TITLE);
    expect(/<meta\s+name="description"\s+content="([^"]*)"/.exec(index)?.[1]).toBe(HOME_DESCRIPTION);
  });
});
