import type { RouteObject } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { RouteErrorBoundary } from "#web/shared/ui/RouteErrorBoundary.tsx";

/** Education plans in the account: the list, a plan, a day. Children of the account route (routes.tsx). */
export const planRoutes: RouteObject[] = [
  {
    path: paths.accountPlans,
    lazy: () => import("#web/features/account/plans/PlansPage.tsx").then((m) => ({ Component: m.PlansPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountPlanPattern,
    lazy: () => import("#web/features/account/plans/PlanPage.tsx").then((m) => ({ Component: m.PlanPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountPlanDayPattern,
    lazy: () => import("#web/features/account/plans/PlanDayPage.tsx").then((m) => ({ Component: m.PlanDayPage })),
    errorElement: <RouteErrorBoundary />,
  },
];
