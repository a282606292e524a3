import type { RouteObject } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { QUERIES_AFTER_LOAD, queriesAfterLoad, waitForQueries } from "./queries-after-load.ts";

describe("waitForQueries", () => {
  it("makes every lazy route but a funnel's wait for TanStack Query, at any depth", async () => {
    let release = () => {};
    const load = () => new Promise<void>((resolve) => (release = resolve));
    const page = { Component: () => null };
    const funnel: RouteObject = { path: "/anxiety", handle: QUERIES_AFTER_LOAD, lazy: () => Promise.resolve(page) };
    const pricing: RouteObject = { path: "/pricing", lazy: () => Promise.resolve(page) };
    const routes: RouteObject[] = [{ id: "root", handle: QUERIES_AFTER_LOAD, children: [funnel, { path: "/", children: [pricing] }] }];
    waitForQueries(routes, load);

    expect(await (funnel.lazy as () => Promise<unknown>)()).toBe(page);
    let drawn = false;
    const waiting = (pricing.lazy as () => Promise<unknown>)().then((loaded) => {
      drawn = true;
      return loaded;
    });
    await Promise.resolve();
    expect(drawn).toBe(false);
    release();
    expect(await waiting).toBe(page);
    expect(routes.map(queriesAfterLoad)).toEqual([true]);
  });
});
