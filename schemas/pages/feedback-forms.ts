/**
 * The feedback pages of the spec: a general one and one per topic whose report asks for feedback.
 * Each form's page is `/feedback` (general) or `/feedback-<form>`. Zod-free, so browser code can use it.
 */
export const FEEDBACK_FORMS = ["general", "burnout", "emotional_intelligence", "work_life"] as const;
export type FeedbackForm = (typeof FEEDBACK_FORMS)[number];

/** The page a form is on. */
export const feedbackPath = (form: FeedbackForm) => (form === "general" ? "/feedback" : `/feedback-${form}`);

/** The longest comment a feedback page takes. */
export const FEEDBACK_COMMENT_MAX = 2000;
