/**
 * Every URL the web app links to or routes on lives here, so pages never hard-code paths.
 * Every path here has a page (src/web/app/routes/routes.test.tsx walks them): nothing links to a page that is not built.
 * The route patterns themselves live in schemas/pages/route-patterns.ts, which the server shares.
 */
import { loginThenGo, routePatterns } from "#schemas/pages/route-patterns.ts";

/** Anchors on the home page that other pages link back to. */
export type HomeSection = "how-it-works" | "assessments" | "method";

export const paths = {
  home: routePatterns.home,
  homeSection: (section: HomeSection) => `/#${section}` as const,
  quiz: (quizId: string) => `/quiz/${encodeURIComponent(quizId)}`,
  careerQuiz: "/quiz/career_test_green",
  login: routePatterns.login,
  /** The login page, returning to `next` (a same-origin path) afterwards. */
  loginThenGo,
  forgotPassword: routePatterns.forgotPassword,
  resetPassword: routePatterns.resetPassword,
  account: routePatterns.account,
  accountOnboarding: routePatterns.accountOnboarding,
  accountOnboardingStep: (id: number) => `/account/onboarding?id=${id}`,
  /** The customer's reports, newest first. */
  accountReports: routePatterns.accountReports,
  /** One of the customer's reports: the latest ready one of that kind (`prompt_code`). */
  accountReport: (promptCode: string) => `/account/reports/${encodeURIComponent(promptCode)}`,
  /** Route pattern of `accountReport`. */
  accountReportPattern: routePatterns.accountReport,
  /** An example report (an imagined profile) for people who have none yet. */
  accountExampleReport: routePatterns.accountExampleReport,
  /** The account's library: articles by category, `?cat=` keeps the chosen one. */
  accountLibrary: routePatterns.accountLibrary,
  accountLibraryCategory: (cat: string) => `/account/library?${new URLSearchParams({ cat })}`,
  /** One article of the library (its id). */
  accountArticle: (id: number) => `/account/library/${id}`,
  /** Route pattern of `accountArticle`. */
  accountArticlePattern: routePatterns.accountArticle,
  /** One occupation; with `resultId` (a quiz session of the customer's) also how well it matches that result. */
  accountProfession: (slug: string, resultId?: string | null) =>
    `/account/professions/${encodeURIComponent(slug)}${resultId ? `?${new URLSearchParams({ result: resultId })}` : ""}`,
  /** Route pattern of `accountProfession`. */
  accountProfessionPattern: routePatterns.accountProfession,
  /** Education plans: the list, one plan (its code), one day of it (the day's id). */
  accountPlans: routePatterns.accountPlans,
  accountPlan: (code: string) => `/account/plans/${encodeURIComponent(code)}`,
  accountPlanPattern: routePatterns.accountPlan,
  accountPlanDay: (code: string, dayId: number) => `/account/plans/${encodeURIComponent(code)}/${dayId}`,
  accountPlanDayPattern: routePatterns.accountPlanDay,
  /** Interactive tools: the list and one tool (its URL name). */
  accountTools: routePatterns.accountTools,
  accountTool: (name: string) => `/account/tools/${encodeURIComponent(name)}`,
  accountToolPattern: routePatterns.accountTool,
  /** The career toolkit, in the account and as a public page. */
  accountCareerToolkit: routePatterns.accountCareerToolkit,
  careerToolkit: routePatterns.careerToolkit,
  /** Coaching sessions: book, move and cancel. */
  accountBookCoach: routePatterns.accountBookCoach,
  accountProfile: routePatterns.accountProfile,
  /** The printable receipt of one charge (its order id), from the billing history. */
  accountReceipt: (orderId: string) => `/account/profile/receipts/${encodeURIComponent(orderId)}`,
  accountReceiptPattern: routePatterns.accountReceipt,
  /** Password, e-mail, marketing consent, data download, account deletion. */
  accountSettings: routePatterns.accountSettings,
  /** Where the link in the e-mail-change message lands (its token in the query). */
  accountConfirmEmail: routePatterns.accountConfirmEmail,
  /** Where the link to the current address of an account without a password lands: approve the move (token in the query). */
  accountApproveEmailChange: routePatterns.accountApproveEmailChange,
  /** Where the e-mailed deletion link lands (token in the query): confirm deleting the account. */
  accountDeleteAccount: routePatterns.accountDeleteAccount,
  accountPrivacyPolicy: routePatterns.accountPrivacyPolicy,
  /** Analytics and marketing allowed or not: the choice the banner asks for, changed from the profile. */
  accountPrivacyChoices: routePatterns.accountPrivacyChoices,
  accountTermsOfService: routePatterns.accountTermsOfService,
  accountMyPlans: routePatterns.accountMyPlans,
  /** Pause a subscription for 1–3 months. */
  accountPause: routePatterns.accountPause,
  accountPauseFor: (subId: string) => `/account/profile/pause?${new URLSearchParams({ sub_id: subId })}`,
  /** The cancel flow: what cancelling means → reasons (optional) → at most one offer → done. */
  accountUnsubscribe: routePatterns.accountUnsubscribe,
  accountUnsubscribeFor: (subId: string) => `/account/profile/unsubscribe?${new URLSearchParams({ sub_id: subId })}`,
  accountUnsubscribeReasons: routePatterns.accountUnsubscribeReasons,
  accountUnsubscribeReasonsFor: (subId: string) => `/account/profile/unsubscribe/reasons?${new URLSearchParams({ sub_id: subId })}`,
  accountUnsubscribeOffer: routePatterns.accountUnsubscribeOffer,
  accountUnsubscribeOfferFor: (subId: string, reason: string) => `/account/profile/unsubscribe/offer?${new URLSearchParams({ sub_id: subId, reason })}`,
  accountUnsubscribeDone: routePatterns.accountUnsubscribeDone,
  accountUnsubscribeDoneFor: (subId: string) => `/account/profile/unsubscribe/done?${new URLSearchParams({ sub_id: subId })}`,
  /** Old address of the account area; redirects to `account`. */
  cabinet: routePatterns.cabinet,
  /** The hidden page the payment provider returns to: it checks the order and moves on. */
  orderRedirect: routePatterns.orderRedirect,
  orderSuccess: routePatterns.orderSuccess,
  orderSuccessFor: (orderId: string) => `/order-success?${new URLSearchParams({ order_id: orderId })}`,
  orderDeclined: routePatterns.orderDeclined,
  orderDeclinedFor: (orderId: string) => `/order-declined?${new URLSearchParams({ order_id: orderId })}`,
  /** Same page as `orderDeclined`; `?style=2` shows either in the focused layout. */
  declined: routePatterns.declined,
  /** Where an e-mailed "continue your quiz" link lands (the funnel's page). */
  continue: routePatterns.continue,
  /** The plans on sale with their renewal terms. */
  pricing: routePatterns.pricing,
  termsOfService: routePatterns.termsOfService,
  privacyPolicy: routePatterns.privacyPolicy,
  refundPolicy: routePatterns.refundPolicy,
  contacts: routePatterns.contacts,
  /** Feedback pages: general, and one per topic whose report asks for feedback (schemas/pages/feedback-forms.ts). */
  feedback: routePatterns.feedback,
  feedbackBurnout: routePatterns.feedbackBurnout,
  feedbackEmotionalIntelligence: routePatterns.feedbackEmotionalIntelligence,
  feedbackWorkLife: routePatterns.feedbackWorkLife,
  /** The growth console (staff only); its home redirects to `adminFunnels`. */
  adminHome: routePatterns.adminHome,
  /** Every flow: versions, experiments, links to its figures and previews. */
  adminFunnels: routePatterns.adminFunnels,
  /** One flow's live figures (its code); the date range and grouping ride in the query. */
  adminFunnel: (code: string) => `/admin/funnels/${encodeURIComponent(code)}`,
  adminFunnelPattern: routePatterns.adminFunnel,
  /** One flow drawn as its graph (its code); the date range and variant ride in the query. */
  adminFunnelGraph: (code: string) => `/admin/funnels/${encodeURIComponent(code)}/graph`,
  adminFunnelGraphPattern: routePatterns.adminFunnelGraph,
  /** Ad spend: import a CSV, see what is stored. */
  adminAdSpend: routePatterns.adminAdSpend,
  /** Conversion destinations: configured or not, deliveries, failures, a test button. */
  adminIntegrations: routePatterns.adminIntegrations,
  /** Webhooks: the team's endpoints, their secrets (once) and delivery logs. */
  adminWebhooks: routePatterns.adminWebhooks,
  /** One step of a flow as a visitor in the given variants sees it (`{ experiment: variant }`). */
  adminStepPreview: (code: string, stepId: string, variants: Readonly<Record<string, string>> = {}) => {
    const query = new URLSearchParams(Object.entries(variants).map(([exp, variant]) => ["variant", `${exp}:${variant}`]));
    const path = `/admin/preview/${encodeURIComponent(code)}/${encodeURIComponent(stepId)}`;
    const search = query.toString();
    return search ? `${path}?${search}` : path;
  },
  adminStepPreviewPattern: routePatterns.adminStepPreview,
  /** A report template (its code) rendered with its example profile. */
  adminReportPreview: (code: string) => `/admin/reports/${encodeURIComponent(code)}`,
  adminReportPreviewPattern: routePatterns.adminReportPreview,
  /** Route pattern for every path no other route matches. */
  notFound: "*",
} as const;
