import { reportFeedbackHref } from "#web/shared/report/feedback-href.ts";
import type { StepKind, StepOf } from "#schemas/flow/steps.ts";
import type { Answer, CompiledFlow, Scores } from "#engine/flow/types.ts";
import { preCheckoutClaimOf, type PreCheckoutClaim } from "#engine/report/teaser.ts";
import type { SessionReport } from "#web/shared/report/session-report.ts";
import type { ProductView } from "#web/shared/money/money.ts";

/** A flow value with every text turned into the words shown (catalogue codes looked up). */
export type Resolved<T> = T extends { code: string }
  ? string
  : T extends readonly (infer U)[]
    ? Resolved<U>[]
    : T extends object
      ? { [K in keyof T]: Resolved<T[K]> }
      : T;

export type Translate = (code: string) => string;

const isCode = (value: unknown): value is { code: string } =>
  typeof value === "object" && value !== null && Object.keys(value).length === 1 && typeof (value as { code?: unknown }).code === "string";

/** Replaces every `{ code }` text in a value with its catalogue text. */
export function resolveTexts<T>(value: T, t: Translate): Resolved<T> {
  if (isCode(value)) return t(value.code) as Resolved<T>;
  if (Array.isArray(value)) return value.map((v: unknown) => resolveTexts(v, t)) as Resolved<T>;
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveTexts(v, t)])) as Resolved<T>;
  }
  return value as Resolved<T>;
}

/** A scale as a step shows it; `band` (id and label) when the scale declares bands and the score falls in one. */
export type ScaleView = {
  id: string;
  name: string;
  description?: string;
  score: number;
  min: number;
  max: number;
  share: number;
  band?: { id: string; label: string };
};

/** Why nothing is left to pay at the pre-checkout or payment step (see StepContext.payment). */
export type Payment = "paid" | "included" | "plan_active";

/** The report is the visitor's without a checkout: paid for, or included in their plan. The way on is the report itself. */
export const nothingToPay = (payment: Payment | undefined): payment is "paid" | "included" => payment === "paid" || payment === "included";

/** Everything a step renderer may show besides the step itself. */
export type StepContext = {
  /** Options of a likert step's answer set. */
  answerSet: { value: number; label: string }[];
  /** The scales, scored from the answers so far, highest first. */
  scales: ScaleView[];
  /** The visitor's first name, if they gave one. */
  name: string | null;
  /** Pre-checkout and payment steps: the plans on sale (left out in previews that have none). */
  plans?: ProductView[];
  /** While the plans load, or when they could not be loaded. */
  plansStatus?: "loading" | "error";
  /** Payment step: the plan chosen at the pre-checkout, once the plans are known. */
  chosenPlan?: ProductView | null;
  /**
   * Pre-checkout and payment steps: nothing to pay, because this quiz's report is already paid for
   * (`paid`, e.g. after browser Back), came with the customer's plan (`included`), or the logged-in
   * customer already has a plan (`plan_active`).
   */
  payment?: Payment;
  /** Pre-checkout: the logged-in customer's plan that includes this report (ADR 017), offered instead of the plans. */
  coveringPlan?: string;
  /**
   * Summary and result steps: the session's report from the server (the teaser before payment,
   * the full report after), `loading` while it is asked for, or `unavailable` (no report for this
   * flow, or the quiz is not scored): then the steps show the profile bars instead.
   */
  report?: { state: "loading" } | { state: "unavailable" } | { state: "ready"; sessionId: string; view: SessionReport };
  /**
   * Pre-checkout: which scales its bars show, by the claims rule (ADR 036) with the flow's report
   * settings (CompiledFlow `claims`), decided before the first paint as the teaser states it. Left
   * out for a flow whose report has no template (no teaser ever says otherwise).
   */
  preCheckout?: PreCheckoutClaim;
  /** Summary steps: what the pre-checkout promises, by the report section that delivers it (the early layout shows them). */
  promises?: Record<string, string>;
  /** Result steps: the spec's alternate view (`?style=2`). */
  alternateView?: boolean;
  /** Result steps: the feedback page for this flow's report. */
  feedbackHref?: string;
  /** The funnel's first step, where visitors from an ad land: its button comes before the details. */
  landing?: boolean;
  /** Info steps: the social-proof line with its number, when the count reaches the step's minimum. */
  socialProof?: string;
};

/**
 * What a step kind's needs (src/web/funnel/effects/types.ts, StepNeed) loaded, as the step's screen shows it (src/web/funnel/effects/use-step-data.ts
 * fills it; src/web/funnel/frame/StepScreen.tsx reads it). Previews and tests pass the ones they show.
 */
export type StepLoaded = {
  /** `plans`: the plans on sale for the session's offer, and while they load or could not be loaded. */
  plans?: ProductView[];
  plansStatus?: "loading" | "error";
  /** `plans`: load them again after a failure. */
  onRetryPlans?: () => void;
  /** `payment`: why nothing is left to pay (see StepContext.payment). */
  payment?: Payment;
  /** `payment`: the logged-in customer's plan that includes this report (see StepContext.coveringPlan). */
  coveringPlan?: string;
  /** `report`: the session's report (see StepContext.report). */
  report?: StepContext["report"];
  /** `stats`: how many people finished this quiz in the last 30 days (an info step's social-proof line). */
  finished30d?: number;
};

/** An info step's social-proof line with `finished` people in it, or nothing below its minimum (or without a count). */
function socialProofLine(step: CompiledFlow["steps"][number], finished: number | undefined): string | undefined {
  if (step.kind !== "info" || !step.socialProof || finished === undefined || finished < step.socialProof.minimum) return undefined;
  return step.socialProof.text.replace("{count}", finished.toLocaleString("en-US"));
}

/** What the step's screen shows of what its kind loaded (StepLoaded): only what is there. */
export function loadedContext(
  flow: CompiledFlow,
  step: CompiledFlow["steps"][number],
  answers: Record<string, Answer>,
  loaded: StepLoaded,
  alternateView: boolean | undefined,
): Partial<StepContext> {
  const { plans, plansStatus, payment, coveringPlan, report, finished30d } = loaded;
  const socialProof = socialProofLine(step, finished30d);
  return {
    ...(plans ? { plans, chosenPlan: chosenPlan(flow, answers, plans) } : {}),
    ...(plansStatus ? { plansStatus } : {}),
    ...(payment ? { payment } : {}),
    ...(coveringPlan ? { coveringPlan } : {}),
    ...(report ? { report } : {}),
    ...(alternateView && step.kind === "result" ? { alternateView } : {}),
    ...(socialProof ? { socialProof } : {}),
  };
}

/** The product id the visitor chose at the (last answered) pre-checkout step. */
export function chosenProductId(flow: CompiledFlow, answers: Record<string, Answer>): string | null {
  const chosen = flow.steps
    .filter((s) => s.kind === "pre_checkout")
    .map((s) => answers[s.id])
    .filter((a): a is string => typeof a === "string");
  return chosen.at(-1) ?? null;
}

/** The plan a pre-checkout answer names, among `plans`. */
function chosenPlan(flow: CompiledFlow, answers: Record<string, Answer>, plans: ProductView[] | undefined): ProductView | null {
  const id = chosenProductId(flow, answers);
  return plans?.find((p) => p.id === id) ?? null;
}

export type StepViewModel<K extends StepKind = StepKind> = {
  step: Resolved<StepOf<K> & { path: string }>;
  /** The answer given earlier, to show as selected when the visitor comes back. */
  answer: Answer | undefined;
  context: StepContext;
};

export function stepContext(
  flow: CompiledFlow,
  step: CompiledFlow["steps"][number],
  scores: Scores,
  answers: Record<string, Answer>,
  t: Translate,
): StepContext {
  const scales = resolveTexts(flow.scoring?.scales ?? [], t);
  const byId = new Map(scores.scales.map((s) => [s.id, s]));
  const nameStep = flow.steps.find((s) => s.kind === "name");
  const name = nameStep ? answers[nameStep.id] : null;
  return {
    answerSet: step.kind === "likert" ? resolveTexts(flow.answerSets[step.answers] ?? [], t) : [],
    scales: scores.ranking.flatMap((id) => {
      const scale = scales.find((s) => s.id === id);
      const score = byId.get(id);
      if (!scale || !score) return [];
      const share = score.max > score.min ? (score.score - score.min) / (score.max - score.min) : 0;
      const band = scale.bands?.find((b) => b.id === score.band);
      return [
        {
          id,
          name: scale.name,
          description: scale.description,
          score: score.score,
          min: score.min,
          max: score.max,
          share,
          ...(band ? { band: { id: band.id, label: band.label } } : {}),
        },
      ];
    }),
    name: typeof name === "string" && name.trim() ? name.trim() : null,
    ...(step.kind === "summary" ? { promises: promisedSections(flow, t) } : {}),
    ...(step.kind === "pre_checkout" && flow.claims ? { preCheckout: preCheckoutClaimOf(flow, scores, flow.claims) } : {}),
    ...(step.kind === "result" ? { feedbackHref: reportFeedbackHref(flow.topic, flow.report) } : {}),
    ...(step.id === flow.steps[0]?.id ? { landing: true } : {}),
  };
}

/** What the flow's pre-checkout promises, by the report section that delivers it (the first promise of a section wins). */
function promisedSections(flow: CompiledFlow, t: Translate): Record<string, string> {
  const promises: Record<string, string> = {};
  for (const step of flow.steps) {
    if (step.kind !== "pre_checkout") continue;
    for (const item of step.includes) promises[item.delivers] ??= resolveTexts(item.text, t);
  }
  return promises;
}
