import { matchRoutes, type RouteObject } from "react-router-dom";
import type { BootData } from "#schemas/pages/boot-data.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { funnelRoutes, liveFlowRoutes, routesOfFlow } from "#web/funnel/funnel-routes.tsx";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { QUERIES_AFTER_LOAD } from "#web/shared/query/queries-after-load.ts";
import { RouteErrorBoundary } from "#web/shared/ui/RouteErrorBoundary.tsx";
import { AppShell } from "../AppShell.tsx";

/** The module of the site's routes (routes-site.tsx): a page that needs them announces it in its head, like its own modules. */
export const SITE_ROUTES_MODULE = "src/web/app/routes/routes-site.tsx";

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

/** Whether the boot data's flow has what routing it needs (a page cached before it did has not). */
const isRoutedFlow = (flow: unknown): flow is Parameters<typeof routesOfFlow>[0] => {
  const f = flow as Partial<CompiledFlow> | undefined;
  return (
    typeof f?.code === "string" &&
    typeof f.report === "string" &&
    typeof f.paths?.start === "string" &&
    Array.isArray(f.paths.aliases) &&
    Array.isArray(f.steps) &&
    f.steps.every((s) => typeof s?.path === "string") &&
    Array.isArray(f.experiments)
  );
};

/**
 * A funnel page's own part of the route table (ADR 043): the routes of the flow the page brought
 * (the boot data's `flow`), with the live routes the build lacks (`routes`, ADR 066). Null when the
 * page is not one of them (no flow, or `location` is none of its paths): the page then needs the
 * rest of the table (routes-site.tsx) before its first render, and the server announces it.
 */
export function ownFunnelTable(boot: Pick<BootData, "routes" | "flow"> | undefined, location: { pathname: string }): RouteObject[] | null {
  if (!isRoutedFlow(boot?.flow)) return null;
  const routes = funnelRoutes(liveFlowRoutes(routesOfFlow(boot.flow), boot.routes));
  return matchRoutes([rootRoute(routes)], location) === null ? null : routes;
}
