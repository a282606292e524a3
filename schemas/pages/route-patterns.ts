/**
 * The route patterns of the web app's pages, in one place for both sides: the app's URL helpers
 * (src/web/shared/routing/paths.ts) build on them, and the server answers a page it does not know
 * with 404 (src/server/plugins/spa.ts). The funnels' paths are not here: they come from flows/*.yaml
 * (the app's `virtual:flows`, the server's loaded flows). src/web/app/route-patterns.test.ts walks the app's
 * route table and fails when a page is missing here or an entry here has no page.
 * Zod-free, so browser code can use it.
 */
export const routePatterns = {
  home: "/",
  login: "/login",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  /** Resume a quiz from an e-mailed link (the funnel's page). */
  continue: "/continue",
  account: "/account",
  accountOnboarding: "/account/onboarding",
  accountReports: "/account/reports",
  accountExampleReport: "/account/reports/example_prompt",
  accountReport: "/account/reports/:promptCode",
  accountLibrary: "/account/library",
  accountArticle: "/account/library/:articleId",
  accountProfession: "/account/professions/:slug",
  accountPlans: "/account/plans",
  accountPlan: "/account/plans/:planCode",
  accountPlanDay: "/account/plans/:planCode/:dayId",
  accountTools: "/account/tools",
  accountTool: "/account/tools/:toolName",
  accountCareerToolkit: "/account/career-toolkit",
  careerToolkit: "/career-toolkit",
  accountBookCoach: "/account/book-your-coach",
  accountProfile: "/account/profile",
  /** The printable receipt of one charge (billing history in the profile). */
  accountReceipt: "/account/profile/receipts/:orderId",
  accountSettings: "/account/profile/account-settings",
  accountConfirmEmail: "/account/profile/confirm-email",
  accountApproveEmailChange: "/account/profile/approve-email-change",
  accountDeleteAccount: "/account/profile/delete-account",
  accountPrivacyPolicy: "/account/profile/privacy-policy",
  /** The visitor's privacy choice (analytics, marketing), changed from the account (ADR 055). */
  accountPrivacyChoices: "/account/profile/privacy",
  accountTermsOfService: "/account/profile/terms-of-service",
  accountMyPlans: "/account/profile/my-plans",
  accountPause: "/account/profile/pause",
  accountUnsubscribe: "/account/profile/unsubscribe",
  accountUnsubscribeReasons: "/account/profile/unsubscribe/reasons",
  accountUnsubscribeOffer: "/account/profile/unsubscribe/offer",
  accountUnsubscribeDone: "/account/profile/unsubscribe/done",
  cabinet: "/cabinet",
  orderRedirect: "/order-redirect",
  orderSuccess: "/order-success",
  orderDeclined: "/order-declined",
  declined: "/declined",
  pricing: "/pricing",
  termsOfService: "/terms-of-service",
  privacyPolicy: "/privacy-policy",
  refundPolicy: "/refund-policy",
  contacts: "/contacts",
  /** Feedback pages (schemas/pages/feedback-forms.ts). */
  feedback: "/feedback",
  feedbackBurnout: "/feedback-burnout",
  feedbackEmotionalIntelligence: "/feedback-emotional_intelligence",
  feedbackWorkLife: "/feedback-work_life",
  /** The growth console (staff only): its home redirects to the flows. */
  adminHome: "/admin",
  adminFunnels: "/admin/funnels",
  adminFunnel: "/admin/funnels/:flowCode",
  /** A flow drawn as its graph, with the visitors on each step and transition (ADR 063). */
  adminFunnelGraph: "/admin/funnels/:flowCode/graph",
  /** Ad spend: the CSV import and what is stored (ADR 059). */
  adminAdSpend: "/admin/ad-spend",
  /** Where conversion events go: each destination, its deliveries and a test button (ADR 062). */
  adminIntegrations: "/admin/integrations",
  /** The team's signed webhook endpoints and their delivery logs (ADR 061). */
  adminWebhooks: "/admin/webhooks",
  /** One step of a flow in chosen variants (`?variant=<experiment>:<variant>`, once per experiment). */
  adminStepPreview: "/admin/preview/:flowCode/:stepId",
  /** A report template rendered with its example profile. */
  adminReportPreview: "/admin/reports/:reportCode",
} as const;

/**
 * What the server knows of a page it sends rendered (ADR 039, ADR 054):
 * - `reads`: the query parameters the page's first screen draws from. The server renders the page
 *   with these and no others, and keeps the render under them; any other parameter (an ad's
 *   `utm_*`, a cache-buster `?x=`) reaches the browser's app but never makes the server render again.
 *   None unless listed.
 * - `listed`: a page for search engines, in /sitemap.xml (src/server/plugins/site-maps.ts).
 */
export type RenderedPageRecord = { readonly reads?: readonly string[]; readonly listed?: boolean };

/**
 * The site's pages the server sends rendered (ADR 039), besides every funnel's pages: what a visitor
 * from an ad or a search lands on. Pages behind the login, the console and the payment returns
 * are drawn in the browser only.
 */
const serverRenderedPages = {
  home: { listed: true },
  pricing: { listed: true },
  // A login link's e-mail and token (src/web/features/auth/LoginPage.tsx); `next`, where to go after.
  login: { reads: ["email", "tmp_token", "next"] },
  forgotPassword: {},
  careerToolkit: { listed: true },
  termsOfService: { listed: true },
  privacyPolicy: { listed: true },
  refundPolicy: { listed: true },
  contacts: { listed: true },
} as const satisfies Partial<Record<keyof typeof routePatterns, RenderedPageRecord>>;

/**
 * The account pages the server sends rendered for a logged-in customer (ADR 075): only for a
 * session it proved, with that customer's own data, never kept for another request. Every other
 * page behind the login is drawn in the browser.
 */
const customerRenderedPages = {
  account: {},
} as const satisfies Partial<Record<keyof typeof routePatterns, RenderedPageRecord>>;

/** The login page, returning to `next` (a same-origin path) afterwards: where the app and the server send a visitor the account does not know. */
export const loginThenGo = (next: string): string => `${routePatterns.login}?${new URLSearchParams({ next })}`;

/** `?style=2` opens the account area without a login check (spec §6; src/web/app/RequireCustomer.tsx). */
export const SKIP_LOGIN_CHECK_STYLE = "2";

/** Whether the page's URL asks for the account area without a login check. */
export const skipsLoginCheck = (url: string): boolean => new URL(url, "http://pathwise.invalid").searchParams.get("style") === SKIP_LOGIN_CHECK_STYLE;

/** The record of the account page the server renders for a logged-in customer at `path`, or null. */
export function customerRenderedPage(path: string): RenderedPageRecord | null {
  const entries = Object.entries(customerRenderedPages) as [keyof typeof customerRenderedPages, RenderedPageRecord][];
  return entries.find(([name]) => matchesPattern(routePatterns[name], path))?.[1] ?? null;
}

/** Every funnel's pages (their paths come from the flows): `style=2`, the focused view (src/web/funnel/FunnelRunner.tsx). */
export const funnelPageRecord: RenderedPageRecord = { reads: ["style"] };

/** A path without its query, hash and trailing slash, lower-cased (the app's router ignores case). */
const normalise = (path: string) => {
  const bare = path.split(/[?#]/, 1)[0]!.toLowerCase();
  return bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
};

/** Whether `path` matches `pattern` as the app's router matches it: `:name` is one non-empty segment, a final `*` the rest. */
export function matchesPattern(pattern: string, path: string): boolean {
  const want = normalise(pattern).split("/");
  const got = normalise(path).split("/");
  for (const [i, part] of want.entries()) {
    if (part === "*" && i === want.length - 1) return true;
    const seg = got[i];
    if (seg === undefined) return false;
    if (part.startsWith(":") ? seg === "" : seg !== part) return false;
  }
  return got.length === want.length;
}

const renderedEntries = () => Object.entries(serverRenderedPages) as [keyof typeof serverRenderedPages, RenderedPageRecord][];

/** The record of the site page the server renders at `path` (one of serverRenderedPages), or null: not rendered by the server. */
export function serverRenderedPage(path: string): RenderedPageRecord | null {
  return renderedEntries().find(([name]) => matchesPattern(routePatterns[name], path))?.[1] ?? null;
}

/** The paths of the site pages the server renders. */
export const serverRenderedPaths = (): string[] => renderedEntries().map(([name]) => routePatterns[name]);

/** The paths of the site pages listed for search engines (`listed`). */
export const listedPagePaths = (): string[] => renderedEntries().flatMap(([name, r]) => (r.listed ? [routePatterns[name]] : []));

/**
 * The first segments of the pages the server does not render (the account, the console, payment
 * returns, feedback…), for robots.txt: a crawler has nothing to find there. A segment some rendered
 * page starts with is left out.
 */
export function unrenderedPagePrefixes(): string[] {
  const rendered = serverRenderedPaths();
  const prefixes = Object.entries(routePatterns)
    .filter(([name]) => !(name in serverRenderedPages))
    .map(([, pattern]) => `/${pattern.split("/")[1]}`)
    .filter((prefix) => prefix !== "/" && !rendered.some((path) => path.startsWith(prefix)));
  return [...new Set(prefixes)];
}

/** Whether the app has a page at `path`: one of `routePatterns`, or one of `more` (the funnels' paths). */
export function isKnownPage(path: string, more: Iterable<string> = []): boolean {
  const patterns = [...Object.values(routePatterns), ...more];
  return patterns.some((p) => matchesPattern(p, path));
}
