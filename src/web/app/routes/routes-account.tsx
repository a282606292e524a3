import type { RouteObject } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { RouteErrorBoundary } from "#web/shared/ui/RouteErrorBoundary.tsx";
import { coachingAccountRoutes } from "./routes-coaching.tsx";
import { planRoutes } from "./routes-plans.tsx";
import { onboardingLoader } from "../redirects.ts";
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
    lazy: () => import("#web/features/account/AccountHomePage.tsx").then((m) => ({ Component: m.AccountHomePage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountOnboarding,
    loader: onboardingLoader,
    lazy: () => import("#web/features/account/OnboardingPage.tsx").then((m) => ({ Component: m.OnboardingPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountReports,
    lazy: () => import("#web/features/account/reports/ReportsPage.tsx").then((m) => ({ Component: m.ReportsPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    // Behind the login like every account page; an example for people who have no report yet.
    path: paths.accountExampleReport,
    lazy: () => import("#web/features/account/reports/ExampleReportPage.tsx").then((m) => ({ Component: m.ExampleReportPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountReportPattern,
    lazy: () => import("#web/features/account/reports/ReportPage.tsx").then((m) => ({ Component: m.ReportPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountLibrary,
    lazy: () => import("#web/features/account/library/LibraryPage.tsx").then((m) => ({ Component: m.LibraryPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountArticlePattern,
    lazy: () => import("#web/features/account/library/ArticlePage.tsx").then((m) => ({ Component: m.ArticlePage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    // The app brings the account area's layout classes to the professions feature (features do not import each other).
    path: paths.accountProfessionPattern,
    lazy: () => import("../profession-page.ts").then((m) => ({ Component: m.ProfessionPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountProfile,
    lazy: () => import("#web/features/account/ProfilePage.tsx").then((m) => ({ Component: m.ProfilePage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountReceiptPattern,
    lazy: () => import("#web/features/account/billing/ReceiptPage.tsx").then((m) => ({ Component: m.ReceiptPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountMyPlans,
    lazy: () => import("#web/features/account/subscriptions/MyPlansPage.tsx").then((m) => ({ Component: m.MyPlansPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountPause,
    lazy: () => import("#web/features/account/subscriptions/PausePage.tsx").then((m) => ({ Component: m.PausePage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountUnsubscribe,
    lazy: () => import("#web/features/account/subscriptions/UnsubscribePage.tsx").then((m) => ({ Component: m.UnsubscribePage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountUnsubscribeReasons,
    lazy: () => import("#web/features/account/subscriptions/ReasonsPage.tsx").then((m) => ({ Component: m.ReasonsPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountUnsubscribeOffer,
    lazy: () => import("#web/features/account/subscriptions/OfferPage.tsx").then((m) => ({ Component: m.OfferPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountUnsubscribeDone,
    lazy: () => import("#web/features/account/subscriptions/CancelledPage.tsx").then((m) => ({ Component: m.CancelledPage })),
    errorElement: <RouteErrorBoundary />,
  },
  ...planRoutes,
  ...toolRoutes,
  ...coachingAccountRoutes,
  ...settingsRoutes,
];
