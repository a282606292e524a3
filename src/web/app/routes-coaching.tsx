import type { RouteObject } from "react-router-dom";
import { paths } from "../shared/routing/paths.ts";
import { RouteErrorBoundary } from "../shared/ui/RouteErrorBoundary.tsx";

/** Coach booking and the career toolkit in the account. Children of the account route (routes.tsx). */
export const coachingAccountRoutes: RouteObject[] = [
  {
    path: paths.accountBookCoach,
    lazy: () => import("../features/account/coaching/BookCoachPage.tsx").then((m) => ({ Component: m.BookCoachPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountCareerToolkit,
    lazy: () => import("../features/career-toolkit/CareerToolkitPage.tsx").then((m) => ({ Component: m.AccountCareerToolkitPage })),
    errorElement: <RouteErrorBoundary />,
  },
];

/** The public career toolkit page. Children of the site layout (routes.tsx). */
export const coachingPublicRoutes: RouteObject[] = [
  {
    path: paths.careerToolkit,
    lazy: () => import("../features/career-toolkit/CareerToolkitPage.tsx").then((m) => ({ Component: m.PublicCareerToolkitPage })),
    errorElement: <RouteErrorBoundary />,
  },
];
