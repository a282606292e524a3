import { matchRoutes, type RouteObject } from "react-router-dom";
import type { BootData } from "#schemas/pages/boot-data.ts";
import { funnelRoutes } from "../funnel/funnel-routes.tsx";
import { PageLoading } from "../shared/ui/PageLoading.tsx";
import { QUERIES_AFTER_LOAD } from "../shared/query/queries-after-load.ts";
import { RouteErrorBoundary } from "../shared/ui/RouteErrorBoundary.tsx";
import { AppShell } from "./AppShell.tsx";

/** The module of the site's routes (routes-site.tsx): a page that needs them announces it in its head, like its own modules. */
export const SITE_ROUTES_MODULE = "src/web/app/routes-site.tsx";

/**
 * The root of the route table: AppShell adds only scroll handling and tracking. Its children are
 * the funnels' routes, which bring their own layout, and the site's (routes-site.tsx), which share
 * SiteLayout. Every route carries its own errorElement so a failure stays inside that page; pages
 * load with `lazy` to keep the first bundle small.
 */
export const rootRoute = (children: RouteObject[]): RouteObject => ({
  id: "root",
  element: <AppShell />,
  handle: QUERIES_AFTER_LOAD,
  errorElement: <RouteErrorBoundary standalone />,
  hydrateFallbackElement: <PageLoading label="Loading Pathwise…" fullScreen />,
  children,
});

/**
 * The funnels' part of the route table, with the live routes the build lacks (`added`, the boot
 * data's `routes`, ADR 066), and whether `location` is one of its pages: a funnel's first screen
 * needs no other route (ADR 043).
 */
export function funnelTable(added: BootData["routes"] = [], location: { pathname: string }): { routes: RouteObject[]; matches: boolean } {
  const routes = funnelRoutes(added);
  return { routes, matches: matchRoutes([rootRoute(routes)], location) !== null };
}
