import { z } from "zod";
import { FEEDBACK_COMMENT_MAX, FEEDBACK_FORMS } from "../pages/feedback-forms.ts";
import { typed } from "../tools/common.ts";

/** A rating from a feedback page (/feedback, /feedback-<topic>): 1–5, an optional comment, and the report it is about. */
export const feedbackBody = z.strictObject({
  form: z.enum(FEEDBACK_FORMS).describe("Which feedback page it was sent from: general, or the topic of a report"),
  rating: z.number().int().min(1).max(5).describe("1 (not useful) to 5 (very useful)"),
  comment: typed(FEEDBACK_COMMENT_MAX).optional().describe("Anything the person wants to add; an empty comment is kept as none"),
  report: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,62}$/, "a report's prompt code")
    .optional()
    .describe("The prompt code of the report the feedback is about, when the page was opened from one"),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;
