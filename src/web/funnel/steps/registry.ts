import type { ComponentType } from "react";
import type { StepKind, StepOf } from "#schemas/flow/steps.ts";
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
type Entry<K extends StepKind> = ({ renderer: Renderer<K> } | { load: () => Promise<Renderer<K>> }) & { effect: StepEffect<K>; frame: StepFrame<K> };

/**
 * How the step's frame (src/web/funnel/frame/StepScreen.tsx) shows it: whether Back is offered, whether it
 * takes the wide column, and whether the next step of the same kind is drawn in place — the same
 * elements with the new words and values — instead of new ones (ADR 042).
 */
type StepFrame<K extends StepKind> = { back: boolean; wide: (step: StepOf<K>) => boolean; inPlace: boolean };

/** A step shown in the narrow column with Back. */
const plain = { back: true, wide: () => false, inPlace: false } as const satisfies StepFrame<StepKind>;

/** A question drawn in place: one question after another of the same kind changes words, not elements. */
const inPlace = { ...plain, inPlace: true } as const satisfies StepFrame<StepKind>;

/**
 * Exactly one renderer, one effect and one frame per step kind: a kind without them is a type error, not a
 * blank screen. The kinds every funnel opens with are in the funnel's chunk, so the first question
 * needs no further request; the rest (forms, the teaser and report layouts, plans, payment) load on
 * demand, and the runner fetches those its flow uses once the first step is on screen (ADR 032).
 */
export const stepRenderers: { [K in StepKind]: Entry<K> } = {
  single_choice: { renderer: SingleChoiceStep, effect: none, frame: inPlace },
  likert: { renderer: LikertStep, effect: none, frame: inPlace },
  info: { renderer: InfoStep, effect: { ...none, needs: (step) => (step.socialProof ? ["stats"] : []) }, frame: plain },
  multiple_choice: { load: () => import("./MultipleChoiceStep.tsx").then((m) => m.MultipleChoiceStep), effect: none, frame: plain },
  slider: { load: () => import("./SliderStep.tsx").then((m) => m.SliderStep), effect: none, frame: plain },
  short_text: { load: () => import("./forms/TextSteps.tsx").then((m) => m.ShortTextStep), effect: none, frame: plain },
  name: { load: () => import("./forms/TextSteps.tsx").then((m) => m.NameStep), effect: none, frame: plain },
  email: { load: () => import("./forms/TextSteps.tsx").then((m) => m.EmailStep), effect: emailEffect, frame: plain },
  summary: {
    load: () => import("./outcome/OutcomeSteps.tsx").then((m) => m.SummaryStep),
    effect: { ...none, needs: () => ["report"] },
    frame: { back: true, wide: (step) => step.layout === "early", inPlace: false },
  },
  preparing: {
    load: () => import("./outcome/PreparingStep.tsx").then((m) => m.PreparingStep),
    effect: { ...none, analysis: (step) => step },
    frame: { back: false, wide: () => false, inPlace: false },
  },
  pre_checkout: { load: () => import("./checkout/PreCheckoutStep.tsx").then((m) => m.PreCheckoutStep), effect: preCheckoutEffect, frame: plain },
  payment: { load: () => import("./checkout/PaymentStep.tsx").then((m) => m.PaymentStep), effect: paymentEffect, frame: plain },
  result: {
    load: () => import("./outcome/OutcomeSteps.tsx").then((m) => m.ResultStep),
    effect: { ...none, needs: () => ["report"] },
    frame: { back: false, wide: () => true, inPlace: false },
  },
  feedback: { load: () => import("./forms/FeedbackStep.tsx").then((m) => m.FeedbackStep), effect: none, frame: plain },
};

/** How the frame shows a step of its own kind. */
export const frameOf = (step: { kind: StepKind }): { back: boolean; wide: boolean; inPlace: boolean } => {
  const frame = stepRenderers[step.kind].frame as unknown as StepFrame<StepKind>;
  return { back: frame.back, wide: frame.wide(step as StepOf<StepKind>), inPlace: frame.inPlace };
};

/** The effect of a step's own kind. */
export const effectOf = (kind: StepKind): StepEffect<StepKind> => stepRenderers[kind].effect as unknown as StepEffect<StepKind>;
