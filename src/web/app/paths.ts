/**
 * Every URL the web app links to or routes on lives here, so pages never hard-code paths.
 * Paths for pages that are not built yet are listed too: links to them already work and
 * land on the not-found page until their route is added in routes.tsx.
 */

/** Topic landing pages, served at `/{slug}`. The slugs are part of live ad URLs: do not rename. */
export const topicSlugs = [
  "income",
  "switch",
  "burnout",
  "stress-level",
  "time-management",
  "emotional_intelligence",
  "work_life",
  "true-calling",
  "anxiety",
] as const;

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
  /** Old address of the account area; redirects to `account`. */
  cabinet: "/cabinet",
  /** Where an e-mailed "continue your quiz" link lands (the funnel's page). */
  continue: "/continue",
  termsOfService: "/terms-of-service",
  privacyPolicy: "/privacy-policy",
  refundPolicy: "/refund-policy",
  contacts: "/contacts",
  /** Route pattern for every path no other route matches. */
  notFound: "*",
} as const;
