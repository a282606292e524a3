import type { RouteObject } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { RouteErrorBoundary } from "#web/shared/ui/RouteErrorBoundary.tsx";

/** Interactive tools in the account: the list and one tool. Children of the account route (routes.tsx). */
export const toolRoutes: RouteObject[] = [
  {
    path: paths.accountTools,
    lazy: () => import("#web/features/account/tools/ToolsPage.tsx").then((m) => ({ Component: m.ToolsPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountToolPattern,
    lazy: () => import("#web/features/account/tools/ToolPage.tsx").then((m) => ({ Component: m.ToolPage })),
    errorElement: <RouteErrorBoundary />,
  },
];
