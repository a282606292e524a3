import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { FunnelGraphView } from "#schemas/api/admin-funnel-graph.ts";
import { mockFetch, notFound, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";
import { flowFixture } from "../funnels/admin-fixtures.ts";

const staff = { ...testCustomer, is_staff: true };
const GRAPH = "GET /admin/funnels/career_test_green/graph";

/** A small funnel: a branch on a variant, a payment with its way back, one transition nobody took. */
const graphFixture: FunnelGraphView = {
  flow: { code: "career_test_green", title: "Career test" },
  since: "2026-10-28T00:00:00.000Z",
  until: "2026-11-27T00:00:00.000Z",
  variant: null,
  visitors: 40,
  nodes: [
    { id: "intro", title: "Find work that fits", kind: "info", visitors: 40, left: 2 },
    { id: "q1", title: "Do you enjoy fixing things?", kind: "single_choice", visitors: 38, left: 12 },
    { id: "story", title: "How others used it", kind: "info", visitors: 0, left: 0 },
    { id: "pay", title: "Secure payment", kind: "payment", visitors: 26, left: 6 },
    { id: "result", title: "Your report", kind: "result", visitors: 20, left: 0 },
  ],
  edges: [
    { from: "intro", to: "q1", visitors: 38, by: "answer", when: null },
    { from: "q1", to: "story", visitors: 0, by: "answer", when: "variant intro_copy is b" },
    { from: "q1", to: "pay", visitors: 26, by: "answer", when: "otherwise" },
    { from: "story", to: "pay", visitors: 0, by: "answer", when: null },
    { from: "pay", to: "result", visitors: 20, by: "answer", when: null },
    { from: "pay", to: "q1", visitors: 3, by: "trail", when: null },
  ],
};

function openPage(query = "?from=2026-10-28&to=2026-11-26") {
  const calls = mockFetch({
    "GET /admin/funnels": ok([flowFixture]),
    // The graph of the variant asked for (the mock's call has no query: read the request's URL).
    [GRAPH]: () => ok({ ...graphFixture, variant: graphQueries().at(-1)?.get("variant") ?? null }),
    // The step preview a box opens: these tests look at where it leads, not at what it draws.
    ...notFound("GET /quiz/flows/career_test_green"),
  });
  return { calls, ...renderRoute(`/admin/funnels/career_test_green/graph${query}`, { customer: staff }) };
}

/** The query strings of the graph calls made so far, in order. */
const graphQueries = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input, "http://localhost"))
    .filter((url) => url.pathname === "/api/admin/funnels/career_test_green/graph")
    .map((url) => url.searchParams);

describe("a funnel's graph (/admin/funnels/:flowCode/graph)", () => {
  it("draws every step and transition it is given, and the same figures in the tables", async () => {
    openPage();
    await screen.findByRole("heading", { level: 1, name: "Career test: the funnel as its graph" });
    expect(graphQueries()[0]?.get("since")).toBe("2026-10-28T00:00:00.000Z");
    expect(graphQueries()[0]?.get("until")).toBe("2026-11-27T00:00:00.000Z");

    const drawing = screen.getByRole("group", { name: /^Funnel graph of Career test/ });
    expect(drawing.querySelectorAll("[data-step]")).toHaveLength(5);
    expect(drawing.querySelectorAll("[data-edge]")).toHaveLength(6);
    // An edge's label: its visitors and their share of the step's visitors (26 of 38).
    expect(drawing.querySelector('[data-edge="q1>pay"]')?.textContent).toContain("26 · 68.4%");
    // The way back after a declined payment is drawn dashed.
    expect(drawing.querySelector('[data-edge="pay>q1"] path')?.getAttribute("stroke-dasharray")).toBe("6 4");

    const steps = screen.getByRole("region", { name: "Steps, in the flow’s order" });
    const q1 = within(steps)
      .getByRole("rowheader", { name: /Do you enjoy fixing things\?/ })
      .closest("tr")!;
    expect([...q1.querySelectorAll("td")].map((td) => td.textContent)).toEqual(["single choice", "38", "12 (31.6%)", "▲ 30% or more left"]);

    const transitions = screen.getByRole("region", { name: /^Transitions/ });
    const rows = within(transitions).getAllByRole("row").slice(1);
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ["Find work that fits", "Do you enjoy fixing things?", "the step's way on", "38 · 95.0%"],
      ["Do you enjoy fixing things?", "How others used it", "variant intro_copy is b", "0 · 0.0% (nobody)"],
      ["Do you enjoy fixing things?", "Secure payment", "otherwise", "26 · 68.4%"],
      ["How others used it", "Secure payment", "the step's way on", "0 · – (nobody)"],
      ["Secure payment", "Your report", "the step's way on", "20 · 76.9%"],
      ["Secure payment", "Do you enjoy fixing things?", "back along the steps taken", "3 · 11.5%"],
    ]);
  });

  it("dims a transition nobody took but still draws it, with its label", async () => {
    openPage();
    const drawing = await screen.findByRole("group", { name: /^Funnel graph of Career test/ });
    const unused = drawing.querySelector('[data-edge="q1>story"]')!;
    const used = drawing.querySelector('[data-edge="q1>pay"]')!;
    expect(unused.getAttribute("data-taken")).toBe("no");
    expect(Number(unused.getAttribute("opacity"))).toBeLessThan(Number(used.getAttribute("opacity")));
    expect(unused.querySelector("path")?.getAttribute("stroke")).not.toBe(used.querySelector("path")?.getAttribute("stroke"));
    expect(unused.textContent).toContain("0 · 0.0%");
  });

  it("asks for one variant's graph when a variant is chosen, and keeps it in the URL", async () => {
    const user = userEvent.setup();
    const { router } = openPage();
    await screen.findByRole("group", { name: /^Funnel graph of Career test/ });
    await user.selectOptions(screen.getByLabelText("Variant"), "intro_copy:b");
    await waitFor(() => expect(graphQueries().at(-1)?.get("variant")).toBe("intro_copy:b"));
    expect(router.state.location.search).toContain("variant=intro_copy%3Ab");
    await screen.findByRole("group", { name: /variant intro_copy:b/ });
  });

  it("opens a step's preview, in the chosen variant, from its box with Enter", async () => {
    const user = userEvent.setup();
    const { router } = openPage("?from=2026-10-28&to=2026-11-26&variant=intro_copy:a");
    const drawing = await screen.findByRole("group", { name: /variant intro_copy:a/ });
    const step = within(drawing).getByRole("link", { name: /^Do you enjoy fixing things\?/ });
    expect(step.getAttribute("href")).toBe("/admin/preview/career_test_green/q1?variant=intro_copy%3Aa");
    step.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/preview/career_test_green/q1"));
  });

  it("names a variant the flow does not have instead of drawing", async () => {
    mockFetch({
      "GET /admin/funnels": ok([flowFixture]),
      [GRAPH]: { status: 400, body: { error: { code: "unknown_variant", message: 'career_test_green has no variant "x:y"' } } },
    });
    renderRoute("/admin/funnels/career_test_green/graph?variant=x:y", { customer: staff });
    expect((await screen.findByRole("alert")).textContent).toMatch(/This graph cannot be drawn: career_test_green has no variant "x:y"/);
  });
});
