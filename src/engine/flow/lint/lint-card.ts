import { secondsPerQuestion } from "#schemas/flow/card.ts";
import type { Flow } from "#schemas/flow/flow.ts";
import { isQuestion } from "../kinds/index.ts";
import type { Finding } from "./lint-input.ts";

/**
 * The minutes a card may claim for a flow with `questions` questions: from `least` to `most`
 * seconds a question, each end rounded to the nearest minute and never under one.
 */
export function minutesRange(questions: number): { least: number; most: number } {
  const minutes = (seconds: number) => Math.max(1, Math.round((questions * seconds) / 60));
  return { least: minutes(secondsPerQuestion.least), most: minutes(secondsPerQuestion.most) };
}

/**
 * A card must not contradict its flow: the minutes it promises have to fit the questions the flow
 * asks (every step a visitor answers, as the progress bar counts them, in file order).
 */
export function cardProblems(f: Flow): Finding[] {
  if (!f.card) return [];
  const questions = f.steps.filter(isQuestion).length;
  const { least, most } = minutesRange(questions);
  if (f.card.minutes >= least && f.card.minutes <= most) return [];
  return [
    {
      path: ["card", "minutes"],
      message: `card.minutes says ${f.card.minutes} minute${f.card.minutes === 1 ? "" : "s"}, but the flow asks ${questions} question${questions === 1 ? "" : "s"}`,
      hint: `at ${secondsPerQuestion.least}–${secondsPerQuestion.most} seconds a question that is ${least === most ? `${least}` : `${least} to ${most}`} minute${most === 1 ? "" : "s"}`,
    },
  ];
}
