import type { RouteObject } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { RouteErrorBoundary } from "#web/shared/ui/RouteErrorBoundary.tsx";

/** Account settings, the privacy choices, the e-mail-change approval and confirmation, the deletion link's page, and the legal pages inside the profile. Children of the account route (routes.tsx). */
export const settingsRoutes: RouteObject[] = [
  {
    path: paths.accountSettings,
    lazy: () => import("#web/features/account/settings/SettingsPage.tsx").then((m) => ({ Component: m.SettingsPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountConfirmEmail,
    lazy: () => import("#web/features/account/settings/ConfirmEmailPage.tsx").then((m) => ({ Component: m.ConfirmEmailPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountApproveEmailChange,
    lazy: () => import("#web/features/account/settings/ApproveEmailChangePage.tsx").then((m) => ({ Component: m.ApproveEmailChangePage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountDeleteAccount,
    lazy: () => import("#web/features/account/settings/DeleteAccountPage.tsx").then((m) => ({ Component: m.DeleteAccountPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountPrivacyChoices,
    lazy: () => import("#web/features/account/settings/PrivacyChoicesPage.tsx").then((m) => ({ Component: m.PrivacyChoicesPage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    // The same documents as the public pages, inside the account's navigation.
    path: paths.accountTermsOfService,
    lazy: () => import("#web/features/legal/pages.tsx").then((m) => ({ Component: m.TermsOfServicePage })),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.accountPrivacyPolicy,
    lazy: () => import("#web/features/legal/pages.tsx").then((m) => ({ Component: m.PrivacyPolicyPage })),
    errorElement: <RouteErrorBoundary />,
  },
];
