import { redirect, type RouteObject } from "react-router-dom";
import { paths } from "../shared/routing/paths.ts";
import { RouteErrorBoundary } from "../shared/ui/RouteErrorBoundary.tsx";

/**
 * The growth console (staff only), a child of the site layout (routes.tsx). RequireStaff sends an
 * anonymous visitor to the login page and shows a customer a page that it is for the team; the
 * server refuses their /api/admin calls anyway (src/server/routes/admin/staff-guard.ts).
 * Console pages sit inside AdminLayout (its navigation); previews may sit beside it.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: paths.adminHome,
    lazy: () => import("../features/admin/RequireStaff.tsx").then((m) => ({ Component: m.RequireStaff })),
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        lazy: () => import("../features/admin/AdminLayout.tsx").then((m) => ({ Component: m.AdminLayout })),
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, loader: () => redirect(paths.adminFunnels), errorElement: <RouteErrorBoundary /> },
          {
            path: paths.adminFunnels,
            lazy: () => import("../features/admin/funnels/FlowsPage.tsx").then((m) => ({ Component: m.FlowsPage })),
            errorElement: <RouteErrorBoundary />,
          },
          {
            path: paths.adminFunnelPattern,
            lazy: () => import("../features/admin/funnels/FunnelPage.tsx").then((m) => ({ Component: m.FunnelPage })),
            errorElement: <RouteErrorBoundary />,
          },
        ],
      },
      // Previews (engineer C): the step preview and the report-template preview.
    ],
  },
];
