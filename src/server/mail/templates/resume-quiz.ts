import { render } from "./layout.ts";

/** Sent once when a visitor gives their address at a quiz's e-mail step. */
export const resumeQuizEmail = (to: string, url: string, quizTitle: string, days: number) =>
  render(to, {
    subject: "Continue where you left off",
    preheader: `Your answers to ${quizTitle} are saved. Pick up on any device for ${days} days.`,
    paragraphs: [
      "Hello,",
      `Your answers to “${quizTitle}” are saved. If you close the page or switch devices, the button below takes you back to where you stopped, with every answer kept.`,
      `The link works for ${days} days, until you finish the quiz. Keep it to yourself: anyone with the link can continue your quiz.`,
    ],
    action: { label: "Continue my quiz", url },
    footnote:
      "You received this because this address was entered in a Pathwise quiz. If it was not you, ignore this e-mail: nothing else will be sent about this quiz.",
  });
