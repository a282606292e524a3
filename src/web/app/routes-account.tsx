import type { RouteObject } from "react-router-dom";
import { paths } from "../shared/routing/paths.ts";
import { RouteErrorBoundary } from "../shared/ui/RouteErrorBoundary.tsx";
import { coachingAccountRoutes } from "./routes-coaching.tsx";
import { planRoutes } from "./routes-plans.tsx";
import { onboardingLoader } from "./redirects.ts";
import { settingsRoutes } from "./routes-settings.tsx";
import { toolRoutes } from "./routes-tools.tsx";

/**
 * Every account page: the children of the account route (routes.tsx), inside the account's layout
 * and behind RequireCustomer. A new account page is one entry here, or in its section's list
 * beside this file; routes.tsx only composes them (docs/how-to/add-a-page.md).
 */
export const accountRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import("../features/account/AccountHomePage.tsx").then((m) => ({ Component: m.AccountHomePage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountOnboarding,
    loader: onboardingLoader,
    lazy: () => import("../features/account/OnboardingPage.tsx").then((m) => ({ Component: m.OnboardingPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountReports,
    lazy: () => import("../features/account/reports/ReportsPage.tsx").then((m) => ({ Component: m.ReportsPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    // Behind the login like every account page; an example for people who have no report yet.
    path: paths.accountExampleReport,
    lazy: () => import("../features/account/reports/ExampleReportPage.tsx").then((m) => ({ Component: m.ExampleReportPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountReportPattern,
    lazy: () => import("../features/account/reports/ReportPage.tsx").then((m) => ({ Component: m.ReportPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountLibrary,
    lazy: () => import("../features/account/library/LibraryPage.tsx").then((m) => ({ Component: m.LibraryPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountArticlePattern,
    lazy: () => import("../features/account/library/ArticlePage.tsx").then((m) => ({ Component: m.ArticlePage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    // The app brings the account area's layout classes to the professions feature (features do not import each other).
    path: paths.accountProfessionPattern,
    lazy: () => import("./profession-page.ts").then((m) => ({ Component: m.ProfessionPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountProfile,
    lazy: () => import("../features/account/ProfilePage.tsx").then((m) => ({ Component: m.ProfilePage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountReceiptPattern,
    lazy: () => import("../features/account/billing/ReceiptPage.tsx").then((m) => ({ Component: m.ReceiptPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountMyPlans,
    lazy: () => import("../features/account/subscriptions/MyPlansPage.tsx").then((m) => ({ Component: m.MyPlansPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountPause,
    lazy: () => import("../features/account/subscriptions/PausePage.tsx").then((m) => ({ Component: m.PausePage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountUnsubscribe,
    lazy: () => import("../features/account/subscriptions/UnsubscribePage.tsx").then((m) => ({ Component: m.UnsubscribePage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountUnsubscribeReasons,
    lazy: () => import("../features/account/subscriptions/ReasonsPage.tsx").then((m) => ({ Component: m.ReasonsPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountUnsubscribeOffer,
    lazy: () => import("../features/account/subscriptions/OfferPage.tsx").then((m) => ({ Component: m.OfferPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountUnsubscribeDone,
    lazy: () => import("../features/account/subscriptions/CancelledPage.tsx").then((m) => ({ Component: m.CancelledPage })),
    errorElement: <RouteErrorBoundary />,
  },
  ...planRoutes,
  ...toolRoutes,
  ...coachingAccountRoutes,
  ...settingsRoutes,
];
