import { LikertStep, SingleChoiceStep } from "./ChoiceStep.tsx";
import { FeedbackStep } from "./FeedbackStep.tsx";
import { InfoStep } from "./InfoStep.tsx";
import { MultipleChoiceStep } from "./MultipleChoiceStep.tsx";
import { PaymentStep, PreCheckoutStep, ResultStep, SummaryStep } from "./OutcomeSteps.tsx";
import { PreparingStep } from "./PreparingStep.tsx";
import { SliderStep } from "./SliderStep.tsx";
import { EmailStep, NameStep, ShortTextStep } from "./TextSteps.tsx";
import type { StepRenderers } from "./types.ts";

/** Exactly one renderer per step kind: a kind without one is a type error, not a blank screen. */
export const stepRenderers: StepRenderers = {
  single_choice: SingleChoiceStep,
  multiple_choice: MultipleChoiceStep,
  likert: LikertStep,
  slider: SliderStep,
  short_text: ShortTextStep,
  info: InfoStep,
  name: NameStep,
  email: EmailStep,
  summary: SummaryStep,
  preparing: PreparingStep,
  pre_checkout: PreCheckoutStep,
  payment: PaymentStep,
  result: ResultStep,
  feedback: FeedbackStep,
};
