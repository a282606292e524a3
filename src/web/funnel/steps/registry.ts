import type { ComponentType } from "react";
import type { StepKind } from "../../../../schemas/flow/steps.ts";
import { LikertStep, SingleChoiceStep } from "./ChoiceStep.tsx";
import { InfoStep } from "./InfoStep.tsx";
import type { StepProps } from "./types.ts";

type Renderer<K extends StepKind> = ComponentType<StepProps<K>>;
/** Either the renderer itself (the kinds a funnel opens with) or how to load it (all others). */
type Entry<K extends StepKind> = { renderer: Renderer<K> } | { load: () => Promise<Renderer<K>> };

/**
 * Exactly one renderer per step kind: a kind without one is a type error, not a blank screen.
 * The kinds every funnel opens with are in the funnel's chunk, so the first question needs no
 * further request; the rest (forms, the teaser and report layouts, plans, payment) load on demand,
 * and the runner fetches those its flow uses once the first step is on screen (ADR 032).
 */
export const stepRenderers: { [K in StepKind]: Entry<K> } = {
  single_choice: { renderer: SingleChoiceStep },
  likert: { renderer: LikertStep },
  info: { renderer: InfoStep },
  multiple_choice: { load: () => import("./MultipleChoiceStep.tsx").then((m) => m.MultipleChoiceStep) },
  slider: { load: () => import("./SliderStep.tsx").then((m) => m.SliderStep) },
  short_text: { load: () => import("./TextSteps.tsx").then((m) => m.ShortTextStep) },
  name: { load: () => import("./TextSteps.tsx").then((m) => m.NameStep) },
  email: { load: () => import("./TextSteps.tsx").then((m) => m.EmailStep) },
  summary: { load: () => import("./OutcomeSteps.tsx").then((m) => m.SummaryStep) },
  preparing: { load: () => import("./PreparingStep.tsx").then((m) => m.PreparingStep) },
  pre_checkout: { load: () => import("./PreCheckoutStep.tsx").then((m) => m.PreCheckoutStep) },
  payment: { load: () => import("./PaymentStep.tsx").then((m) => m.PaymentStep) },
  result: { load: () => import("./OutcomeSteps.tsx").then((m) => m.ResultStep) },
  feedback: { load: () => import("./FeedbackStep.tsx").then((m) => m.FeedbackStep) },
};
