import { createElement, Suspense, useMemo } from "react";
import type { StepKind } from "#schemas/flow/steps.ts";
import { countsInProgress, isQuestion, isTerminal } from "#engine/flow/kinds/index.ts";
import { answerWords, pipedTexts } from "#engine/flow/pipe.ts";
import { scoreAnswers } from "#engine/flow/score.ts";
import { stepForVariants } from "#engine/flow/variant.ts";
import type { Answer, Answers, CompiledFlow } from "#engine/flow/types.ts";
import { FunnelLayout } from "./FunnelLayout.tsx";
import { flowProgress } from "./progress.ts";
import { frameOf } from "../steps/registry.ts";
import { useStepRenderer } from "../steps/step-renderer.ts";
import type { StepProps } from "../steps/types.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { NOTHING_TO_PAY } from "../steps/checkout/nothing-to-pay.ts";
import { loadedContext, nothingToPay, resolveTexts, stepContext, type StepLoaded, type Translate } from "./view-model.ts";

/**
 * A step's picture is drawn 16:9, the shape of every picture in content/images (docs/flows.md): its
 * place is kept before it arrives, so a server-rendered step does not move when it does (ADR 039).
 */
const STEP_PICTURE = { width: 800, height: 450 } as const;

/** How the last answer is being handled, as the step shows it. */
type StepHandling = Pick<StepProps<StepKind>, "busy" | "error" | "progress">;

export type StepScreenProps = {
  flow: CompiledFlow;
  stepId: string;
  answers: Answers;
  t: Translate;
  /** The visitor's experiment variants: a variant may move a step or change its report layout. */
  variants?: Record<string, string>;
  onAnswer: (value?: Answer) => void;
  onBack: (() => void) | null;
  /** Busy while the answer is handled, its problem, the analysis's progress. */
  handling?: StepHandling;
  /** What the step's kind loaded (its effect's needs; optional: previews may have none). */
  loaded?: StepLoaded;
  /** Result steps: show the alternate view (`?style=2`). */
  alternateView?: boolean;
  /** E-mail and name steps: the logged-in customer (their own address, their first name) and "Not you? Log out" (ADR 011). */
  account?: Pick<StepProps<"email">, "account" | "onLogOut">;
};

/**
 * One step as the visitor sees it: the frame (back, progress, title) and the step's renderer,
 * fed a view-model built from the flow, the answers and what the step loaded. Pure presentation:
 * the runner and Storybook both draw steps through it.
 */
export function StepScreen({ flow, stepId, answers, t, variants, onAnswer, onBack, handling, loaded, alternateView, account }: StepScreenProps) {
  const declared = flow.steps.find((s) => s.id === stepId) ?? flow.steps[0]!;
  const step = useMemo(() => stepForVariants(declared, flow.experiments, variants ?? {}), [declared, flow.experiments, variants]);
  const scores = useMemo(() => scoreAnswers(flow, answers), [flow, answers]);
  const vm = useMemo(
    () => ({
      // Earlier answers piped into the words (ADR 067): plain strings, drawn as React text, never HTML.
      step: pipedTexts(resolveTexts(step, t), (id) => answerWords(flow, answers, id, (text) => resolveTexts(text, t))),
      answer: answers[step.id],
      context: { ...stepContext(flow, step, scores, answers, t), ...loadedContext(flow, step, answers, loaded ?? {}, alternateView) },
    }),
    [flow, step, scores, answers, t, loaded, alternateView],
  );
  const frame = frameOf(step);
  // A question after another of the same kind is drawn in the same elements (its kind's key): the
  // step change then restyles and lays out what changed, not a whole new step (ADR 042).
  const drawnAs = frame.inPlace ? step.kind : step.id;
  const counted = flow.steps.filter(countsInProgress);
  const position = counted.findIndex((s) => s.id === step.id);
  const numbered = isQuestion(step) && position >= 0;

  const flowTitle = resolveTexts(flow.title, t);
  // The quiz's own description, else its card's line: what a search result or a shared link says of it.
  const about = flow.description ?? flow.card?.line;
  const eyebrow = numbered ? `Question ${position + 1} of ${counted.length}` : undefined;
  // A paid report this browser may not open: the result page says so, not "here is your report" (ADR 011).
  // A payment step with nothing to pay says why, not "Secure payment".
  const report = loaded?.report;
  const payment = loaded?.payment;
  const title =
    step.kind === "result" && report?.state === "ready" && report.view.access === "login_required"
      ? "Log in to read your report"
      : step.kind === "payment" && nothingToPay(payment)
        ? NOTHING_TO_PAY[payment].title
        : vm.step.title;
  return (
    <FunnelLayout
      stepKey={step.id}
      drawnAs={drawnAs}
      title={title}
      pageTitle={`${eyebrow ?? title} · ${flowTitle}`}
      description={about === undefined ? undefined : resolveTexts(about, t)}
      subtitle={vm.step.subtitle}
      eyebrow={eyebrow}
      progress={isTerminal(step) ? null : flowProgress(flow, step.id)}
      onBack={frame.back ? onBack : null}
      wide={frame.wide}
    >
      {"image" in vm.step && vm.step.image && <img className="step__image" src={vm.step.image.src} alt={vm.step.image.alt} {...STEP_PICTURE} />}
      <Suspense fallback={<PageLoading />}>
        <StepBody
          key={drawnAs}
          kind={step.kind}
          {...vm}
          onAnswer={onAnswer}
          {...handling}
          onRetry={loaded?.onRetryPlans}
          {...(step.kind === "email" || step.kind === "name" ? account : {})}
        />
      </Suspense>
    </FunnelLayout>
  );
}

/**
 * The step's own renderer; a kind whose renderer is still loading shows the loading state in the
 * frame. The renderer is one fixed component per kind (held by src/web/funnel/steps/step-renderer.ts), not made here.
 */
function StepBody({ kind, ...props }: StepProps<StepKind> & { kind: StepKind }) {
  return createElement(useStepRenderer(kind), props);
}
