import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { flowSummaries } from "virtual:flows";
import { renderRoute } from "../../test/render-route.tsx";
import { liveAssessments } from "./assessments.ts";

describe("HomePage", () => {
  it("renders a single h1 with the hero headline", async () => {
    renderRoute("/");
    await screen.findByRole("heading", { level: 1 });
    const headings = screen.getAllByRole("heading", { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]?.textContent).toMatch(/find work that fits who you\s*are/i);
  });

  it("links to every assessment whose funnel exists, at its flow's start, and to no other", async () => {
    renderRoute("/");
    await screen.findByRole("heading", { level: 1 });
    const section = screen.getByRole("region", { name: "Choose an assessment" });
    const links = within(section).getAllByRole("link");
    const hrefs = links.map((link) => link.getAttribute("href"));
    // One card per topic that has a flow (virtual:flows is built from flows/*.yaml), at the flow's start.
    const starts = new Map(flowSummaries.map((f) => [f.topic, f.start]));
    expect(new Set(hrefs)).toEqual(new Set(starts.values()));
    expect(screen.getByRole("link", { name: "Career Interest Test" }).getAttribute("href")).toBe("/quiz/career_test_green");
    expect(screen.getByRole("link", { name: "Anxiety Self-Check" }).getAttribute("href")).toBe("/anxiety");
    expect(screen.getByRole("link", { name: "Income Growth" }).getAttribute("href")).toBe("/income");
    for (const link of links) {
      expect(link.textContent?.trim()).not.toBe("");
    }
  });

  it("shows a card only for a topic with a funnel", () => {
    expect(liveAssessments([{ topic: "burnout", start: "/burnout" }]).map((a) => [a.id, a.href])).toEqual([["burnout", "/burnout"]]);
    expect(liveAssessments([])).toEqual([]);
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
