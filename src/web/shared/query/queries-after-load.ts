import type { RouteObject } from "react-router-dom";

type Handle = { queriesAfterLoad?: boolean };

/** The handle of a route whose page draws its first screen without TanStack Query: the root, and a funnel's (ADR 043). */
export const QUERIES_AFTER_LOAD = { queriesAfterLoad: true } as const;

/**
 * The module that brings TanStack Query and the page's QueryClient (app-query-client.ts loads it):
 * a server-rendered page that draws with it announces it in its head, like its own modules.
 */
export const QUERY_CLIENT_MODULE = "src/web/shared/query/query-client.ts";

/** Whether the route draws its first screen without TanStack Query (its handle says so). */
export const queriesAfterLoad = (route: RouteObject): boolean => (route.handle as Handle | undefined)?.queriesAfterLoad === true;

/**
 * Makes every lazy route but those that draw without it load TanStack Query with its modules, so a
 * page reached before the funnel asked for it (right after the first screen) is drawn with it.
 */
export function waitForQueries(routes: RouteObject[], load: () => Promise<unknown>): void {
  for (const route of routes) {
    const lazy = route.lazy;
    if (typeof lazy === "function" && !queriesAfterLoad(route)) route.lazy = async () => (await Promise.all([lazy(), load()]))[0];
    if (route.children) waitForQueries(route.children, load);
  }
}
