import type { ComponentType } from "react";
import type { StepKind } from "#schemas/flow/steps.ts";
import { emailEffect } from "../effects/email.ts";
import { paymentEffect } from "../effects/payment.ts";
import { preCheckoutEffect } from "../effects/pre-checkout.ts";
import { none, type StepEffect } from "../effects/types.ts";
import { LikertStep, SingleChoiceStep } from "./ChoiceStep.tsx";
import { InfoStep } from "./InfoStep.tsx";
import type { StepProps } from "./types.ts";

type Renderer<K extends StepKind> = ComponentType<StepProps<K>>;
/**
 * Either the renderer itself (the kinds a funnel opens with) or how to load it (all others), and
 * the kind's effect: what the runner loads, does on an answer, or does by itself (src/web/funnel/effects/types.ts).
 */
type Entry<K extends StepKind> = ({ renderer: Renderer<K> } | { load: () => Promise<Renderer<K>> }) & { effect: StepEffect<K> };

/**
 * Exactly one renderer and one effect per step kind: a kind without them is a type error, not a
 * blank screen. The kinds every funnel opens with are in the funnel's chunk, so the first question
 * needs no further request; the rest (forms, the teaser and report layouts, plans, payment) load on
 * demand, and the runner fetches those its flow uses once the first step is on screen (ADR 032).
 */
export const stepRenderers: { [K in StepKind]: Entry<K> } = {
  single_choice: { renderer: SingleChoiceStep, effect: none },
  likert: { renderer: LikertStep, effect: none },
  info: { renderer: InfoStep, effect: { ...none, needs: (step) => (step.socialProof ? ["stats"] : []) } },
  multiple_choice: { load: () => import("./MultipleChoiceStep.tsx").then((m) => m.MultipleChoiceStep), effect: none },
  slider: { load: () => import("./SliderStep.tsx").then((m) => m.SliderStep), effect: none },
  short_text: { load: () => import("./TextSteps.tsx").then((m) => m.ShortTextStep), effect: none },
  name: { load: () => import("./TextSteps.tsx").then((m) => m.NameStep), effect: none },
  email: { load: () => import("./TextSteps.tsx").then((m) => m.EmailStep), effect: emailEffect },
  summary: { load: () => import("./OutcomeSteps.tsx").then((m) => m.SummaryStep), effect: { ...none, needs: () => ["report"] } },
  preparing: { load: () => import("./PreparingStep.tsx").then((m) => m.PreparingStep), effect: { ...none, analysis: (step) => step } },
  pre_checkout: { load: () => import("./PreCheckoutStep.tsx").then((m) => m.PreCheckoutStep), effect: preCheckoutEffect },
  payment: { load: () => import("./PaymentStep.tsx").then((m) => m.PaymentStep), effect: paymentEffect },
  result: { load: () => import("./OutcomeSteps.tsx").then((m) => m.ResultStep), effect: { ...none, needs: () => ["report"] } },
  feedback: { load: () => import("./FeedbackStep.tsx").then((m) => m.FeedbackStep), effect: none },
};

/** The effect of a step's own kind. */
export const effectOf = (kind: StepKind): StepEffect<StepKind> => stepRenderers[kind].effect as unknown as StepEffect<StepKind>;
