import { useMemo } from "react";
import { answerNumber } from "#engine/flow/answer-number.ts";
import { cyrb53 } from "#engine/flow/load/hash.ts";
import { drawOrder, inOrder } from "#engine/flow/order.ts";
import { sampleAnswers } from "#engine/flow/sample-answers.ts";
import type { Answer, Answers, CompiledFlow } from "#engine/flow/types.ts";
import type { ProductView } from "#schemas/api/payments.ts";
import { StepScreen } from "./frame/StepScreen.tsx";
import type { Payment, StepLoaded, Translate } from "./frame/view-model.ts";

type CompiledStep = CompiledFlow["steps"][number];

export type FlowStepPreviewProps = {
  flow: CompiledFlow;
  stepId: string;
  /** Answers laid over the sample ones (e.g. a designed profile); the sample answers fill the rest. */
  answers?: Answers;
  /** The step's own answer, as when the visitor comes back to it. */
  answer?: Answer;
  busy?: boolean;
  error?: string | null;
  /** Preparing steps: how far the analysis has come, 0–1 (0.6 when left out). */
  progress?: number;
  onAnswer?: (value?: Answer) => void;
  onBack?: () => void;
  /** Plans on sale, for pre-checkout and payment steps (the real ones in flow stories). */
  plans?: ProductView[];
  /** Pre-checkout and payment steps: nothing left to pay (already paid, included in the plan, or a plan is active). */
  payment?: Payment;
  /** Pre-checkout: the logged-in customer's plan that includes the report. */
  coveringPlan?: string;
  /** Experiment variants, e.g. `{ result_page: "bingo" }` (the flow's defaults when left out). */
  variants?: Record<string, string>;
  /** Summary, pre-checkout and result steps: a report to show (e.g. a template's example), as the runner passes the session's. */
  report?: StepLoaded["report"];
};

/** Catalogue codes shown as `{{code}}`, as the app shows a code missing from the catalogue. */
export const showCodes: Translate = (code) => `{{${code}}}`;

const noop = () => {};

/** A number in [0, 1) from a text, so the same step always gets the same answer. */
const unit = (text: string) => parseInt(cyrb53(text).slice(-6), 36) / 36 ** 6;

/**
 * The answers a step can be given, ordered from the lowest number it gives its scales to the
 * highest. Likert steps offer every point of their answer set, not only both ends.
 */
function candidates(flow: CompiledFlow, step: CompiledStep): Answer[] {
  const answers = step.kind === "likert" ? (flow.answerSets[step.answers] ?? []).map((o) => o.value) : sampleAnswers(flow, step);
  return [...answers].sort((a, b) => (answerNumber(step, a) ?? 0) - (answerNumber(step, b) ?? 0));
}

/**
 * Sample answers for every step before `stepId`, so summary, pre-checkout and result steps show a
 * realistic profile. Each scale gets its own level, from high to low in an order picked per flow,
 * and its items are answered so that they add up to that level (a point more on some items than
 * on others), so the bars differ. Other steps get one of their sample answers. The same flow
 * always gets the same answers.
 */
export function previewAnswers(flow: CompiledFlow, stepId: string): Answers {
  const before = flow.steps.slice(
    0,
    Math.max(
      0,
      flow.steps.findIndex((s) => s.id === stepId),
    ),
  );
  const options = new Map(before.map((step) => [step.id, candidates(flow, step)]));
  const chosen = new Map<string, number>();
  // Which scale comes out on top depends on the flow, not on the order the scales are declared in.
  const scales = [...(flow.scoring?.scales ?? [])].sort((a, b) => unit(`${flow.code}:${a.id}`) - unit(`${flow.code}:${b.id}`));
  scales.forEach((scale, index) => {
    const level = scales.length > 1 ? 0.85 - (0.65 * index) / (scales.length - 1) : 0.7;
    const items = scale.items
      .map((item) => (typeof item === "string" ? { step: item, reverse: false } : item))
      .filter((item) => !chosen.has(item.step) && (options.get(item.step)?.length ?? 0) > 1)
      .sort((a, b) => unit(a.step) - unit(b.step));
    if (items.length === 0) return;
    const target = Math.round(level * items.reduce((sum, item) => sum + options.get(item.step)!.length - 1, 0));
    items.forEach((item, i) => {
      const top = options.get(item.step)!.length - 1;
      const index = Math.min(top, Math.floor(target / items.length) + (i < target % items.length ? 1 : 0));
      chosen.set(item.step, item.reverse ? top - index : index);
    });
  });
  const answers: Answers = {};
  for (const step of before) {
    const list = options.get(step.id) ?? [];
    if (list.length === 0) continue;
    answers[step.id] = list[chosen.get(step.id) ?? Math.floor(unit(step.id) * list.length)] ?? null;
  }
  return answers;
}

/** A pre-checkout before the step has chosen the first plan on sale, so a payment step shows a real plan. */
function chosenPlanAnswers(flow: CompiledFlow, stepId: string, plans: ProductView[] | undefined): Answers {
  const index = flow.steps.findIndex((s) => s.id === stepId);
  const first = plans?.[0]?.id;
  if (!first) return {};
  return Object.fromEntries(
    flow.steps
      .slice(0, Math.max(0, index))
      .filter((s) => s.kind === "pre_checkout")
      .map((s) => [s.id, first]),
  );
}

/**
 * One step of a compiled flow as the visitor sees it, outside the runner: earlier steps answered
 * with sample answers (so piped texts show one, ADR 067), shuffled options and groups in an order
 * drawn once per flow (the same in every preview, so screenshots stay put), catalogue codes shown
 * as `{{code}}`, nothing sent anywhere. For Storybook and the growth console's step preview
 * (composed in src/web/app/routes/routes-admin.tsx).
 */
export function FlowStepPreview({
  flow: declared,
  stepId,
  answers,
  answer,
  busy,
  error,
  progress,
  plans,
  payment,
  coveringPlan,
  variants,
  report,
  onAnswer = noop,
  onBack = noop,
}: FlowStepPreviewProps) {
  const flow = useMemo(() => inOrder(declared, drawOrder(declared, `preview:${declared.code}`)), [declared]);
  const step = flow.steps.find((s) => s.id === stepId);
  const all = useMemo<Answers>(
    () => ({ ...previewAnswers(flow, stepId), ...chosenPlanAnswers(flow, stepId, plans), ...answers, ...(answer === undefined ? {} : { [stepId]: answer }) }),
    [flow, stepId, answers, answer, plans],
  );
  if (!step)
    return (
      <p role="alert">
        Flow {flow.code} has no step “{stepId}”.
      </p>
    );
  const first = flow.steps[0]?.id === stepId;
  return (
    <StepScreen
      flow={flow}
      stepId={stepId}
      answers={all}
      t={showCodes}
      onAnswer={onAnswer}
      onBack={first ? null : onBack}
      variants={variants}
      handling={{ busy, error, progress: progress ?? (step.kind === "preparing" ? 0.6 : undefined) }}
      loaded={{ plans, payment, coveringPlan, report }}
    />
  );
}
