import { createMemoryRouter, type RouteObject } from "react-router-dom";
import { flowRoutes } from "virtual:flow-routes";
import { loadFlow } from "virtual:flows";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { flowPaths } from "#engine/flow/routes.ts";

// The browser's route table (ADR 043): a funnel's page starts with its own flow's routes, from the
// flow the page brought; the rest (the other flows, the site) comes when the visitor leaves them.

const childPaths = (routes: RouteObject[]) => (routes[0]!.children ?? []).map((r) => r.path);
const queries = () => Promise.resolve();

beforeEach(() => vi.resetModules());

describe("browserRoutes", () => {
  it("routes only the flow a funnel's page brought, and adds the rest, once, when the visitor leaves it", async () => {
    const { browserRoutes } = await import("./browser-routes.ts");
    const flow = await loadFlow("burnout_cbi");
    const { routes, patchRoutesOnNavigation } = await browserRoutes({ flow }, { pathname: "/burnout" }, queries);
    expect(childPaths(routes)).toEqual([...flowPaths(flow).map((p) => p.path), "/continue"]);
    expect(patchRoutesOnNavigation).toBeDefined();

    const router = createMemoryRouter(routes, { initialEntries: ["/burnout"], ...(patchRoutesOnNavigation ? { patchRoutesOnNavigation } : {}) });
    await router.navigate("/anxiety");
    expect(router.state.matches.map((m) => m.route.id)).toEqual(["root", "funnel /anxiety"]);
    await router.navigate("/pricing");
    expect(router.state.location.pathname).toBe("/pricing");
    expect(router.state.matches.some((m) => m.route.path === "*")).toBe(false);
    // Every flow's path is routed once: the page's own were not added again.
    const paths = childPaths(router.routes).filter((p) => p !== undefined);
    expect(paths.filter((p) => p === "/burnout")).toHaveLength(1);
    expect(paths).toEqual(expect.arrayContaining(flowRoutes.map((r) => r.path)));
  });

  it("gives a path a publish added (the boot data's routes) its flow, beside the page's own", async () => {
    const { browserRoutes } = await import("./browser-routes.ts");
    const flow = await loadFlow("burnout_cbi");
    const { routes } = await browserRoutes({ flow, routes: [{ path: "/burnout/new-step", flow: "burnout_cbi" }] }, { pathname: "/burnout/new-step" }, queries);
    expect(childPaths(routes)).toContain("/burnout/new-step");
    expect(childPaths(routes)).not.toContain("/anxiety");
  });

  it.each([
    ["a page outside the funnels", undefined, "/pricing"],
    ["a funnel's path the page's flow does not have", "burnout_cbi", "/anxiety"],
    ["a page cached before its flow carried its paths", "partial", "/burnout"],
  ])("starts %s with the whole table", async (_, flowCode, pathname) => {
    const { browserRoutes } = await import("./browser-routes.ts");
    const flow = flowCode === "partial" ? { code: "burnout_cbi", hash: "h" } : flowCode ? await loadFlow(flowCode) : undefined;
    const { routes, patchRoutesOnNavigation } = await browserRoutes(flow ? { flow } : undefined, { pathname }, queries);
    expect(patchRoutesOnNavigation).toBeUndefined();
    expect(childPaths(routes)).toEqual(expect.arrayContaining([...flowRoutes.map((r) => r.path), "/continue"]));
    expect(childPaths(routes).length).toBeGreaterThan(flowRoutes.length + 1);
  });
});
