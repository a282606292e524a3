import { FEEDBACK_FORMS, feedbackPath, type FeedbackForm } from "#schemas/pages/feedback-forms.ts";

/** The feedback page for a report of a flow's topic: the topic's own page when there is one, else the general one, naming the report. */
export function reportFeedbackHref(topic: string | undefined, promptCode: string): string {
  const form: FeedbackForm = (FEEDBACK_FORMS as readonly string[]).includes(topic ?? "") ? (topic as FeedbackForm) : "general";
  return `${feedbackPath(form)}?${new URLSearchParams({ report: promptCode })}`;
}
