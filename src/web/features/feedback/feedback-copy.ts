import type { FeedbackForm } from "#schemas/pages/feedback-forms.ts";

/** What each feedback page says: its title, a line under it, and the rating question. */
export const feedbackCopy: Record<FeedbackForm, { title: string; intro: string; question: string }> = {
  general: {
    title: "Tell us what you think",
    intro: "We read every rating and comment, and use them to decide what to improve next. It takes under a minute.",
    question: "How useful is Pathwise for you?",
  },
  burnout: {
    title: "How was your burnout check?",
    intro: "Your rating helps us make the check and its report clearer and more useful. It takes under a minute.",
    question: "How useful was your burnout report?",
  },
  emotional_intelligence: {
    title: "How was your emotional intelligence assessment?",
    intro: "Your rating helps us make the assessment and its report clearer and more useful. It takes under a minute.",
    question: "How useful was your emotional intelligence report?",
  },
  work_life: {
    title: "How was your work-life balance check?",
    intro: "Your rating helps us make the check and its report clearer and more useful. It takes under a minute.",
    question: "How useful was your work-life balance report?",
  },
};

/** The five ratings, each with its words, so a number is never the only label. */
export const RATINGS = [
  { value: 1, label: "Not useful" },
  { value: 2, label: "A little useful" },
  { value: 3, label: "Quite useful" },
  { value: 4, label: "Very useful" },
  { value: 5, label: "Extremely useful" },
] as const;
