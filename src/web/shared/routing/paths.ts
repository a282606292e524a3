/**
 * Every URL the web app links to or routes on lives here, so pages never hard-code paths.
 * Every path here has a page (routes.test.tsx walks them): nothing links to a page that is not built.
 */
import { topicFunnelSlugs } from "../../../../schemas/flow/topics.ts";

/** Topic landing pages, served at `/{slug}`. The slugs are part of live ad URLs: do not rename. */
export const topicSlugs = topicFunnelSlugs;

export type TopicSlug = (typeof topicSlugs)[number];

/** Anchors on the home page that other pages link back to. */
export type HomeSection = "how-it-works" | "assessments" | "method";

export const paths = {
  home: "/",
  homeSection: (section: HomeSection) => `/#${section}` as const,
  quiz: (quizId: string) => `/quiz/${encodeURIComponent(quizId)}`,
  careerQuiz: "/quiz/career_test_green",
  topic: (slug: TopicSlug) => `/${slug}` as const,
  login: "/login",
  /** The login page, returning to `next` (a same-origin path) afterwards. */
  loginThenGo: (next: string) => `/login?${new URLSearchParams({ next })}`,
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  account: "/account",
  accountOnboarding: "/account/onboarding",
  accountOnboardingStep: (id: number) => `/account/onboarding?id=${id}`,
  /** The customer's reports, newest first. */
  accountReports: "/account/reports",
  /** One of the customer's reports: the latest ready one of that kind (`prompt_code`). */
  accountReport: (promptCode: string) => `/account/reports/${encodeURIComponent(promptCode)}`,
  /** Route pattern of `accountReport`. */
  accountReportPattern: "/account/reports/:promptCode",
  /** An example report (an imagined profile) for people who have none yet. */
  accountExampleReport: "/account/reports/example_prompt",
  /** The account's library: articles by category, `?cat=` keeps the chosen one. */
  accountLibrary: "/account/library",
  accountLibraryCategory: (cat: string) => `/account/library?${new URLSearchParams({ cat })}`,
  /** One article of the library (its id). */
  accountArticle: (id: number) => `/account/library/${id}`,
  /** Route pattern of `accountArticle`. */
  accountArticlePattern: "/account/library/:articleId",
  /** One occupation; with `resultId` (a quiz session of the customer's) also how well it matches that result. */
  accountProfession: (slug: string, resultId?: string | null) =>
    `/account/professions/${encodeURIComponent(slug)}${resultId ? `?${new URLSearchParams({ result: resultId })}` : ""}`,
  /** Route pattern of `accountProfession`. */
  accountProfessionPattern: "/account/professions/:slug",
  /** Education plans: the list, one plan (its code), one day of it (the day's id). */
  accountPlans: "/account/plans",
  accountPlan: (code: string) => `/account/plans/${encodeURIComponent(code)}`,
  accountPlanPattern: "/account/plans/:planCode",
  accountPlanDay: (code: string, dayId: number) => `/account/plans/${encodeURIComponent(code)}/${dayId}`,
  accountPlanDayPattern: "/account/plans/:planCode/:dayId",
  /** Interactive tools: the list and one tool (its URL name). */
  accountTools: "/account/tools",
  accountTool: (name: string) => `/account/tools/${encodeURIComponent(name)}`,
  accountToolPattern: "/account/tools/:toolName",
  /** The career toolkit, in the account and as a public page. */
  accountCareerToolkit: "/account/career-toolkit",
  careerToolkit: "/career-toolkit",
  /** Coaching sessions: book, move and cancel. */
  accountBookCoach: "/account/book-your-coach",
  accountProfile: "/account/profile",
  /** Password, e-mail, marketing consent, data download, account deletion. */
  accountSettings: "/account/profile/account-settings",
  /** Where the link in the e-mail-change message lands (its token in the query). */
  accountConfirmEmail: "/account/profile/confirm-email",
  accountPrivacyPolicy: "/account/profile/privacy-policy",
  accountTermsOfService: "/account/profile/terms-of-service",
  accountMyPlans: "/account/profile/my-plans",
  /** Pause a subscription for 1–3 months. */
  accountPause: "/account/profile/pause",
  accountPauseFor: (subId: string) => `/account/profile/pause?${new URLSearchParams({ sub_id: subId })}`,
  /** The cancel flow: what cancelling means → reasons (optional) → at most one offer → done. */
  accountUnsubscribe: "/account/profile/unsubscribe",
  accountUnsubscribeFor: (subId: string) => `/account/profile/unsubscribe?${new URLSearchParams({ sub_id: subId })}`,
  accountUnsubscribeReasons: "/account/profile/unsubscribe/reasons",
  accountUnsubscribeReasonsFor: (subId: string) => `/account/profile/unsubscribe/reasons?${new URLSearchParams({ sub_id: subId })}`,
  accountUnsubscribeOffer: "/account/profile/unsubscribe/offer",
  accountUnsubscribeOfferFor: (subId: string, reason: string) => `/account/profile/unsubscribe/offer?${new URLSearchParams({ sub_id: subId, reason })}`,
  accountUnsubscribeDone: "/account/profile/unsubscribe/done",
  accountUnsubscribeDoneFor: (subId: string) => `/account/profile/unsubscribe/done?${new URLSearchParams({ sub_id: subId })}`,
  /** Old address of the account area; redirects to `account`. */
  cabinet: "/cabinet",
  /** The hidden page the payment provider returns to: it checks the order and moves on. */
  orderRedirect: "/order-redirect",
  orderSuccess: "/order-success",
  orderSuccessFor: (orderId: string) => `/order-success?${new URLSearchParams({ order_id: orderId })}`,
  orderDeclined: "/order-declined",
  orderDeclinedFor: (orderId: string) => `/order-declined?${new URLSearchParams({ order_id: orderId })}`,
  /** Same page as `orderDeclined`; `?style=2` shows either in the focused layout. */
  declined: "/declined",
  /** Where an e-mailed "continue your quiz" link lands (the funnel's page). */
  continue: "/continue",
  /** The plans on sale with their renewal terms. */
  pricing: "/pricing",
  termsOfService: "/terms-of-service",
  privacyPolicy: "/privacy-policy",
  refundPolicy: "/refund-policy",
  contacts: "/contacts",
  /** Route pattern for every path no other route matches. */
  notFound: "*",
} as const;
