import { FEEDBACK_FORMS, feedbackPath } from "#schemas/pages/feedback-forms.ts";
import type { RouteObject } from "react-router-dom";
import { NotFoundPage } from "#web/shared/ui/NotFoundPage.tsx";
import { paths } from "#web/shared/routing/paths.ts";
import { cabinetLoader } from "../redirects.ts";
import { RequireCustomer } from "../RequireCustomer.tsx";
import { adminPreviewRoutes, adminRoutes } from "./routes-admin.tsx";
import { accountRoutes } from "./routes-account.tsx";
import { coachingPublicRoutes } from "./routes-coaching.tsx";
import { RouteErrorBoundary } from "#web/shared/ui/RouteErrorBoundary.tsx";

const pageError = <RouteErrorBoundary />;

/**
 * Every flow's paths as the app was built (`virtual:flow-routes`): a funnel's page routes its own
 * flow from the flow it brought, and the other flows come with the site's routes (ADR 043).
 */
export { flowRoutes as builtFlowRoutes } from "virtual:flow-routes";

/**
 * Every page under the root but the funnels': the site's pages with their layout, the payment
 * results, the account, the staff's console. A visitor landing in a funnel fetches this table (with
 * the other flows' paths) only when they leave the funnel for one of them (route discovery, ADR
 * 043); every other page's entry loads it before its first render, and the server announces it in
 * that page's head.
 */
export const siteRoutes: RouteObject[] = [
  ...adminPreviewRoutes,
  {
    // The provider's return page: no navigation, nothing to click away to while it checks.
    lazy: () => import("#web/features/checkout/FocusedLayout.tsx").then((m) => ({ Component: m.FocusedLayout })),
    errorElement: <RouteErrorBoundary standalone />,
    children: [
      {
        path: paths.orderRedirect,
        lazy: () => import("#web/features/checkout/OrderRedirectPage.tsx").then((m) => ({ Component: m.OrderRedirectPage })),
        errorElement: pageError,
      },
    ],
  },
  {
    // Payment results: the site layout, or the focused one with `?style=2`.
    lazy: () => import("../CheckoutLayout.tsx").then((m) => ({ Component: m.CheckoutLayout })),
    errorElement: <RouteErrorBoundary standalone />,
    children: [
      {
        path: paths.orderSuccess,
        lazy: () => import("#web/features/checkout/OrderSuccessPage.tsx").then((m) => ({ Component: m.OrderSuccessPage })),
        errorElement: pageError,
      },
      ...[paths.orderDeclined, paths.declined].map((path) => ({
        path,
        lazy: () => import("#web/features/checkout/OrderDeclinedPage.tsx").then((m) => ({ Component: m.OrderDeclinedPage })),
        errorElement: pageError,
      })),
    ],
  },
  {
    path: paths.home,
    // Lazy, like every page: a visitor landing in a funnel never downloads the site's layout or home page.
    lazy: () => import("../SiteLayout.tsx").then((m) => ({ Component: m.SiteLayout })),
    errorElement: <RouteErrorBoundary standalone />,
    children: [
      { index: true, lazy: () => import("#web/features/home/HomePage.tsx").then((m) => ({ Component: m.HomePage })), errorElement: pageError },
      {
        path: paths.login,
        lazy: () => import("#web/features/auth/LoginPage.tsx").then((m) => ({ Component: m.LoginPage })),
        errorElement: pageError,
      },
      {
        path: paths.forgotPassword,
        lazy: () => import("#web/features/auth/ForgotPasswordPage.tsx").then((m) => ({ Component: m.ForgotPasswordPage })),
        errorElement: pageError,
      },
      {
        path: paths.resetPassword,
        lazy: () => import("#web/features/auth/ResetPasswordPage.tsx").then((m) => ({ Component: m.ResetPasswordPage })),
        errorElement: pageError,
      },
      { path: paths.cabinet, loader: cabinetLoader, errorElement: pageError },
      {
        path: paths.account,
        element: <RequireCustomer />,
        errorElement: pageError,
        children: [
          {
            // The account's navigation around every account page.
            lazy: () => import("#web/features/account/layout/AccountLayout.tsx").then((m) => ({ Component: m.AccountLayout })),
            errorElement: pageError,
            children: accountRoutes,
          },
        ],
      },
      ...coachingPublicRoutes,
      ...adminRoutes,
      {
        path: paths.pricing,
        lazy: () => import("#web/features/pricing/PricingPage.tsx").then((m) => ({ Component: m.PricingPage })),
        errorElement: pageError,
      },
      ...FEEDBACK_FORMS.map((form) => ({
        path: feedbackPath(form),
        lazy: () => import("#web/features/feedback/FeedbackPage.tsx").then((m) => ({ Component: () => <m.FeedbackPage form={form} /> })),
        errorElement: pageError,
      })),
      {
        path: paths.termsOfService,
        lazy: () => import("#web/features/legal/pages.tsx").then((m) => ({ Component: m.TermsOfServicePage })),
        errorElement: pageError,
      },
      {
        path: paths.privacyPolicy,
        lazy: () => import("#web/features/legal/pages.tsx").then((m) => ({ Component: m.PrivacyPolicyPage })),
        errorElement: pageError,
      },
      {
        path: paths.refundPolicy,
        lazy: () => import("#web/features/legal/pages.tsx").then((m) => ({ Component: m.RefundPolicyPage })),
        errorElement: pageError,
      },
      {
        path: paths.contacts,
        lazy: () => import("#web/features/legal/pages.tsx").then((m) => ({ Component: m.ContactsPage })),
        errorElement: pageError,
      },
      // Static: the error boundary shows it for 404s too, so it is in the first bundle anyway.
      { path: paths.notFound, element: <NotFoundPage />, errorElement: pageError },
    ],
  },
];
