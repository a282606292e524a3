import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";
import { flowFixture } from "./admin-fixtures.ts";

describe("the flows page (/admin/funnels)", () => {
  it("lists each flow with its live version, runs, experiment split and the ways into figures and previews", async () => {
    mockFetch({ "GET /admin/funnels": ok([flowFixture]) });
    renderRoute("/admin/funnels", { customer: { ...testCustomer, is_staff: true } });
    const card = await screen.findByRole("article", { name: "Career test" });
    expect(card.textContent).toContain("career_test_green");
    expect(within(card).getByText("Live version").nextElementSibling!.textContent).toBe("3 · a1b2c3d4e5f6");
    expect(within(card).getByText("Runs, all versions").nextElementSibling!.textContent).toBe("200");
    expect(within(card).getByRole("link", { name: "/quiz/career_test_green" })).toBeTruthy();
    expect(within(card).getByRole("link", { name: "Figures for Career test" }).getAttribute("href")).toBe("/admin/funnels/career_test_green");
    expect(within(card).getByRole("link", { name: "Preview the first step" }).getAttribute("href")).toBe("/admin/preview/career_test_green/intro");
    expect(
      within(card)
        .getByRole("link", { name: /Preview the report/ })
        .getAttribute("href"),
    ).toBe("/admin/reports/career_report");

    // Each version with when and how it went live, the newest (live) first (ADR 066).
    const wentLive = within(card).getByRole("region", { name: "When each version of Career test went live" });
    expect(
      within(wentLive)
        .getAllByRole("row")
        .slice(1)
        .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent.replace(/\s/g, " "))),
    ).toEqual([
      ["a1b2c3d4e5f6 (live)", "1 Nov 2026, 09:12 UTC", "Published (npm run flows:publish)"],
      ["ffeeddccbbaa", "30 Sept 2026, 18:00 UTC", "Deployed (the app started with a changed file)"],
    ]);

    const experiment = within(card).getByRole("region", { name: "Experiment intro_copy" });
    const rows = within(experiment)
      .getAllByRole("row")
      .slice(1)
      .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["a", "25.0%", "60", "In variant a (as declared)"],
      ["b", "75.0%", "180", "In variant b"],
    ]);
    // The preview opens the step the experiment changes, not the flow's first step.
    expect(within(experiment).getByRole("columnheader", { name: "Preview of “Do you enjoy fixing things?”" })).toBeTruthy();
    expect(within(experiment).getByRole("link", { name: "In variant b" }).getAttribute("href")).toBe(
      "/admin/preview/career_test_green/q1?variant=intro_copy%3Ab",
    );
  });
});
