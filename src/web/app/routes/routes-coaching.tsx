import type { RouteObject } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { RouteErrorBoundary } from "#web/shared/ui/RouteErrorBoundary.tsx";

/** Coach booking and the career toolkit in the account. Children of the account route (routes.tsx). */
export const coachingAccountRoutes: RouteObject[] = [
  {
    path: paths.accountBookCoach,
    lazy: () => import("#web/features/account/coaching/BookCoachPage.tsx").then((m) => ({ Component: m.BookCoachPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountCareerToolkit,
    lazy: () => import("#web/features/career-toolkit/CareerToolkitPage.tsx").then((m) => ({ Component: m.AccountCareerToolkitPage })),
    errorElement: <RouteErrorBoundary />,
  },
];

/** The public career toolkit page. Children of the site layout (routes.tsx). */
export const coachingPublicRoutes: RouteObject[] = [
  {
    path: paths.careerToolkit,
    lazy: () => import("#web/features/career-toolkit/CareerToolkitPage.tsx").then((m) => ({ Component: m.PublicCareerToolkitPage })),
    errorElement: <RouteErrorBoundary />,
  },
];
