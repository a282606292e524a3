import type { PatchRoutesOnNavigationFunction, RouteObject } from "react-router-dom";
import type { BootData } from "#schemas/pages/boot-data.ts";
import { funnelRoutes, liveFlowRoutes } from "#web/funnel/funnel-routes.tsx";
import { waitForQueries } from "#web/shared/query/queries-after-load.ts";
import { ownFunnelTable, rootRoute } from "./routes-root.tsx";

/**
 * The rest of the route table, fetched once: every flow's routes (the build's table, with the live
 * routes the build lacks) and the site's, each made to load TanStack Query with its page (ADR 043).
 */
let rest: Promise<RouteObject[]> | undefined;
function restOfTable(added: BootData["routes"], loadQueries: () => Promise<unknown>): Promise<RouteObject[]> {
  rest ??= import("./routes-site.tsx").then(
    (m) => {
      const routes = [...funnelRoutes(liveFlowRoutes(m.builtFlowRoutes, added)), ...m.siteRoutes];
      waitForQueries(routes, loadQueries);
      return routes;
    },
    (error: unknown) => {
      // A lost connection: the next navigation asks again.
      rest = undefined;
      throw error;
    },
  );
  return rest;
}

export type BrowserRoutes = { routes: RouteObject[]; patchRoutesOnNavigation?: PatchRoutesOnNavigationFunction };

/**
 * The browser's route table for the page at `location` (route discovery, ADR 043). On a funnel's
 * page, the routes of the flow the page brought alone (`ownFunnelTable`, routes-root.tsx): the rest
 * of the table (other flows, the site) is fetched when the visitor first goes to a path they do not
 * match, and added then (a route already there is kept: src/web/funnel/funnel-routes.tsx). On any other page, the
 * whole table, the rest fetched first (the server's head announced it).
 */
export async function browserRoutes(
  boot: Pick<BootData, "routes" | "flow"> | undefined,
  location: { pathname: string },
  loadQueries: () => Promise<unknown>,
): Promise<BrowserRoutes> {
  const own = ownFunnelTable(boot, location);
  if (!own) return { routes: [rootRoute(await restOfTable(boot?.routes, loadQueries))] };
  waitForQueries(own, loadQueries);
  let patched = false;
  return {
    routes: [rootRoute(own)],
    patchRoutesOnNavigation: async ({ patch, signal }) => {
      if (patched) return;
      const routes = await restOfTable(boot?.routes, loadQueries);
      if (signal.aborted || patched) return;
      patch("root", routes);
      patched = true;
    },
  };
}
