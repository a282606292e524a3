import type { PatchRoutesOnNavigationFunction, RouteObject } from "react-router-dom";
import type { BootData } from "#schemas/pages/boot-data.ts";
import { waitForQueries } from "../shared/query/queries-after-load.ts";
import { funnelTable, rootRoute } from "./routes-root.tsx";

/** The site's routes, fetched once, each made to load TanStack Query with its page (ADR 043). */
let site: Promise<RouteObject[]> | undefined;
function siteRoutes(loadQueries: () => Promise<unknown>): Promise<RouteObject[]> {
  site ??= import("./routes-site.tsx").then(
    (m) => {
      waitForQueries(m.siteRoutes, loadQueries);
      return m.siteRoutes;
    },
    (error: unknown) => {
      // A lost connection: the next navigation asks again.
      site = undefined;
      throw error;
    },
  );
  return site;
}

export type BrowserRoutes = { routes: RouteObject[]; patchRoutesOnNavigation?: PatchRoutesOnNavigationFunction };

/**
 * The browser's route table for the page at `location` (route discovery, ADR 043). On a funnel's
 * page, the funnels' routes alone: the rest of the table (routes-site.tsx) is fetched when the
 * visitor first goes to a path they do not match, and added then. On any other page, the whole
 * table, the site's part fetched first (the server's head announced it).
 */
export async function browserRoutes(added: BootData["routes"], location: { pathname: string }, loadQueries: () => Promise<unknown>): Promise<BrowserRoutes> {
  const funnels = funnelTable(added, location);
  waitForQueries(funnels.routes, loadQueries);
  if (!funnels.matches) return { routes: [rootRoute([...funnels.routes, ...(await siteRoutes(loadQueries))])] };
  let patched = false;
  return {
    routes: [rootRoute(funnels.routes)],
    patchRoutesOnNavigation: async ({ patch, signal }) => {
      if (patched) return;
      const routes = await siteRoutes(loadQueries);
      if (signal.aborted || patched) return;
      patch("root", routes);
      patched = true;
    },
  };
}
