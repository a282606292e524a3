import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, mockFetch, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";
import type { CareerToolkit } from "./career-toolkit-api.ts";

const toolkit: CareerToolkit = {
  title: "Career toolkit",
  intro: ["A career decision usually takes a few moves, in order."],
  stages: [
    {
      id: "know-yourself",
      title: "Know what you enjoy and value",
      summary: "Put words to what holds your attention.",
      items: [
        {
          type: "tool",
          title: "Values card sort",
          text: "Sort what matters.",
          why: "Gives you a short list to judge options against.",
          href: "/account/tools/values-card-sort",
        },
        {
          type: "article",
          title: "How to read your RIASEC profile",
          text: "The six areas.",
          why: "Explains the code in your report.",
          href: "/account/library/1",
        },
      ],
    },
    {
      id: "explore-options",
      title: "Turn it into real options",
      summary: "Go from a profile to roles worth a closer look.",
      items: [
        {
          type: "plan",
          title: "Career clarity in 7 days",
          text: "A week of tasks.",
          why: "Seven days of short tasks.",
          href: "/account/plans/career-clarity-7-days",
        },
      ],
    },
  ],
};

describe("career toolkit", () => {
  it("in the account: the stages in order, each item linked to its page with why it is there", async () => {
    mockFetch({ "GET /career-toolkit": ok(toolkit) });
    renderRoute("/account/career-toolkit", { customer: { ...testCustomer, is_onboarded: true } });
    await screen.findByRole("region", { name: "Stage 1: Know what you enjoy and value" });
    expect(screen.getByRole("heading", { level: 1, name: "Career toolkit" })).toBeTruthy();
    const stages = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(stages).toEqual(["Stage 1: Know what you enjoy and value", "Stage 2: Turn it into real options"]);
    const first = screen.getByRole("region", { name: "Stage 1: Know what you enjoy and value" });
    expect(within(first).getByRole("link", { name: "Values card sort" }).getAttribute("href")).toBe("/account/tools/values-card-sort");
    expect(within(first).getByText("Gives you a short list to judge options against.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Career clarity in 7 days" }).getAttribute("href")).toBe("/account/plans/career-clarity-7-days");
    expect(
      within(screen.getByRole("navigation", { name: "Your account" }))
        .getByRole("link", { name: "Career toolkit" })
        .getAttribute("aria-current"),
    ).toBe("page");
  });

  it("in public: the same stages without links into the account, and the ways in", async () => {
    mockFetch({ "GET /career-toolkit": ok(toolkit) });
    renderRoute("/career-toolkit");
    const first = await screen.findByRole("region", { name: "Stage 1: Know what you enjoy and value" });
    expect(within(first).getByText("Values card sort")).toBeTruthy();
    expect(within(first).queryAllByRole("link")).toEqual([]);
    const access = screen.getByRole("region", { name: "Where to find it" });
    expect(within(access).getByRole("link", { name: "Start the career interest test" }).getAttribute("href")).toBe("/quiz/career_test_green");
    expect(within(access).getByRole("link", { name: "Log in to open it" }).getAttribute("href")).toBe("/login?next=%2Faccount%2Fcareer-toolkit");
    expect(within(access).getByRole("link", { name: "See the plans and prices" }).getAttribute("href")).toBe("/pricing");
  });

  it("a logged-in customer on the public page is sent to the account's copy", async () => {
    mockFetch({ "GET /career-toolkit": ok(toolkit) });
    renderRoute("/career-toolkit", { customer: testCustomer });
    const access = await screen.findByRole("region", { name: "Where to find it" });
    expect(within(access).getByRole("link", { name: "Open the toolkit in your account" }).getAttribute("href")).toBe("/account/career-toolkit");
  });

  it("says when the toolkit cannot be loaded, and Try again loads it", async () => {
    mockFetch({ "GET /career-toolkit": fail(503, "unavailable") });
    renderRoute("/career-toolkit");
    expect((await screen.findByRole("alert")).textContent).toContain("We could not load the toolkit");
    mockFetch({ "GET /career-toolkit": ok(toolkit) });
    await userEvent.click(screen.getByRole("button", { name: "try again" }));
    expect(await screen.findByRole("region", { name: "Stage 2: Turn it into real options" })).toBeTruthy();
  });
});
