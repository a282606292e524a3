import { paths } from "#web/shared/routing/paths.ts";

/**
 * The account area's sections, in menu order. Only built pages are listed: an entry here is a
 * promise that the page works (the account walk in tests/e2e opens each one).
 */
export const ACCOUNT_NAV_ITEMS = [
  { to: paths.account, label: "Overview", end: true },
  { to: paths.accountReports, label: "Reports", end: false },
  { to: paths.accountPlans, label: "Plans", end: false },
  { to: paths.accountLibrary, label: "Library", end: false },
  { to: paths.accountTools, label: "Tools", end: false },
  { to: paths.accountCareerToolkit, label: "Career toolkit", end: false },
  { to: paths.accountBookCoach, label: "Coaching", end: false },
  { to: paths.accountProfile, label: "Profile", end: false },
] as const;
