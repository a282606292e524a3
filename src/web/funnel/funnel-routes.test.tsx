import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { flowRoutes } from "virtual:flow-routes";
import { beforeEach, describe, expect, it } from "vitest";
import { compiledForTest } from "#engine/flow/test-flow.ts";
import { mockFetch, ok } from "../test/fetch-mock.ts";
import { renderRoute } from "../test/render-route.tsx";
import { liveFlowRoutes } from "./funnel-routes.tsx";

/** A flow published after the build (ADR 066): its paths are in no build's route table, only in the boot data's `routes`. */
const published = compiledForTest({
  code: "published_after_build",
  topic: "career",
  title: "Published",
  version: 1,
  paths: { start: "/published-check" },
  report: "published_report",
  steps: [
    { id: "intro", kind: "info", title: "A check published without a rebuild", body: ["Two screens."], cta: "Start", next: "added" },
    { id: "added", kind: "info", title: "A step at a path the build never saw", body: ["The last screen."], cta: "Done" },
  ],
});
const added = [
  { path: "/published-check", flow: published.code },
  { path: "/published-check/added", flow: published.code },
];

beforeEach(() => localStorage.clear());

describe("liveFlowRoutes: the build's funnel routes with the boot data's", () => {
  it("adds the live paths the build lacks, and a path the boot data gives another flow opens that flow", () => {
    const built = [
      { path: "/a", flow: "one" },
      { path: "/a/step", flow: "one" },
    ];
    expect(
      liveFlowRoutes(built, [
        { path: "/a/new", flow: "one" },
        { path: "/A/Step", flow: "two" },
      ]),
    ).toEqual([
      { path: "/a/new", flow: "one" },
      { path: "/A/Step", flow: "two" },
      { path: "/a", flow: "one" },
    ]);
    expect(liveFlowRoutes(flowRoutes)).toEqual(flowRoutes);
  });
});

describe("a flow published after the build, in the router", () => {
  it("is the not-found page when the boot data does not name its paths", async () => {
    renderRoute("/published-check/added");
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toMatch(/couldn.t find that page/i);
  });

  it("opens the funnel at a path the boot data adds, and the runner's step path is routed too", async () => {
    const session = "5b0c6f1e-8a43-4d2b-9f7e-3c1d2a4b6e80";
    const calls = mockFetch({
      [`GET /quiz/flows/${published.code}`]: ok(published),
      "POST /quiz/sessions": ok(
        { id: session, flow_code: published.code, flow_hash: published.hash, status: "in_progress", variants: {}, order: null, answers: {} },
        201,
      ),
      [`POST /quiz/sessions/${session}/events`]: ok({ ok: true }),
      [`POST /quiz/sessions/${session}/answers`]: ok({ ok: true }),
    });
    const { router } = renderRoute("/published-check", { routes: added });
    expect(await screen.findByRole("heading", { level: 1, name: "A check published without a rebuild" })).toBeTruthy();
    expect(calls.some((c) => c.path === `/quiz/flows/${published.code}`)).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Start" }));
    expect(await screen.findByRole("heading", { level: 1, name: "A step at a path the build never saw" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/published-check/added");
  });

  it("runs without TanStack Query, as a funnel's first screen does until it is fetched after load (ADR 043)", async () => {
    const session = "5b0c6f1e-8a43-4d2b-9f7e-3c1d2a4b6e81";
    mockFetch({
      [`GET /quiz/flows/${published.code}`]: ok(published),
      "POST /quiz/sessions": ok(
        { id: session, flow_code: published.code, flow_hash: published.hash, status: "in_progress", variants: {}, order: null, answers: {} },
        201,
      ),
      [`POST /quiz/sessions/${session}/events`]: ok({ ok: true }),
      [`POST /quiz/sessions/${session}/answers`]: ok({ ok: true }),
    });
    renderRoute("/published-check", { routes: added, withoutQueries: true });
    expect(await screen.findByRole("heading", { level: 1, name: "A check published without a rebuild" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Start" }));
    expect(await screen.findByRole("heading", { level: 1, name: "A step at a path the build never saw" })).toBeTruthy();
  });
});
