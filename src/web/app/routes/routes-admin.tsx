import { Navigate, type RouteObject } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { RouteErrorBoundary } from "#web/shared/ui/RouteErrorBoundary.tsx";

/**
 * The growth console (staff only), a child of the site layout (routes.tsx). RequireStaff sends an
 * anonymous visitor to the login page and shows a customer a page that it is for the team; the
 * server refuses their /api/admin calls anyway (src/server/routes/admin/staff-guard.ts).
 * Console pages sit inside AdminLayout (its navigation), the report-template preview too; the step
 * preview sits beside the site layout (adminPreviewRoutes).
 */
export const adminRoutes: RouteObject[] = [
  {
    path: paths.adminHome,
    lazy: () => import("#web/features/admin/RequireStaff.tsx").then((m) => ({ Component: m.RequireStaff })),
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        lazy: () => import("#web/features/admin/AdminLayout.tsx").then((m) => ({ Component: m.AdminLayout })),
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, element: <Navigate to={paths.adminFunnels} replace />, errorElement: <RouteErrorBoundary /> },
          {
            path: paths.adminFunnels,
            lazy: () => import("#web/features/admin/funnels/FlowsPage.tsx").then((m) => ({ Component: m.FlowsPage })),
            errorElement: <RouteErrorBoundary />,
          },
          {
            path: paths.adminFunnelPattern,
            lazy: () => import("#web/features/admin/funnels/FunnelFiguresPage.tsx").then((m) => ({ Component: m.FunnelFiguresPage })),
            errorElement: <RouteErrorBoundary />,
          },
          {
            path: paths.adminFunnelGraphPattern,
            lazy: () => import("#web/features/admin/graph/FunnelGraphPage.tsx").then((m) => ({ Component: m.FunnelGraphPage })),
            errorElement: <RouteErrorBoundary />,
          },
          {
            path: paths.adminAdSpend,
            lazy: () => import("#web/features/admin/ad-spend/AdSpendPage.tsx").then((m) => ({ Component: m.AdSpendPage })),
            errorElement: <RouteErrorBoundary />,
          },
          {
            path: paths.adminIntegrations,
            lazy: () => import("#web/features/admin/integrations/IntegrationsPage.tsx").then((m) => ({ Component: m.IntegrationsPage })),
            errorElement: <RouteErrorBoundary />,
          },
          {
            path: paths.adminWebhooks,
            lazy: () => import("#web/features/admin/webhooks/WebhooksPage.tsx").then((m) => ({ Component: m.WebhooksPage })),
            errorElement: <RouteErrorBoundary />,
          },
          {
            path: paths.adminReportPreviewPattern,
            lazy: () => import("#web/features/admin/preview/ReportPreviewPage.tsx").then((m) => ({ Component: m.ReportPreviewPage })),
            errorElement: <RouteErrorBoundary />,
          },
        ],
      },
    ],
  },
];

/**
 * The step preview, beside the site layout like the funnels (routes.tsx): the step brings the
 * funnel's own frame and main landmark, as visitors see it; the page adds the console's bar.
 */
export const adminPreviewRoutes: RouteObject[] = [
  {
    path: paths.adminStepPreviewPattern,
    lazy: () => import("#web/features/admin/RequireStaff.tsx").then((m) => ({ Component: m.RequireStaff })),
    errorElement: <RouteErrorBoundary standalone />,
    children: [
      {
        index: true,
        // The app composes the preview page with the funnel's step renderer (a feature does not import the funnel).
        lazy: () =>
          Promise.all([import("#web/features/admin/preview/StepPreviewPage.tsx"), import("#web/funnel/FlowStepPreview.tsx")]).then(([page, step]) => ({
            Component: () => <page.StepPreviewPage StepView={step.FlowStepPreview} />,
          })),
        errorElement: <RouteErrorBoundary standalone />,
      },
    ],
  },
];
