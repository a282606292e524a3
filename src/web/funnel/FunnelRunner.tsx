import { useCallback, useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import type { Answer, CompiledFlow, FlowEvent } from "#engine/flow/types.ts";
import { useT } from "../shared/catalog/index.ts";
import { logClient } from "../shared/log/log.ts";
import { afterFirstPaint } from "../shared/monitoring/monitoring.ts";
import { attribution } from "./session/attribution.ts";
import { stepAnswered, useStepEvents } from "./runner/conversion-moments.ts";
import type { AnswerContext } from "./effects/types.ts";
import { usePaymentReturn } from "./effects/use-payment-return.ts";
import { useStepData } from "./effects/use-step-data.ts";
import { QuizSessionSync } from "./session/quiz-session.ts";
import { questionsAhead } from "./runner/questions-ahead.ts";
import { useSessionStart } from "./session/reopened-session.ts";
import { StepScreen } from "./frame/StepScreen.tsx";
import { effectOf } from "./steps/registry.ts";
import { preloadStepRenderers } from "./steps/step-renderer.ts";
import { useAccountAtEmailStep } from "./session/use-account-at-email-step.ts";
import { useFlowActor, usePersistProgress, type StartPoint } from "./session/use-flow-actor.ts";
import { usePreparing } from "./runner/use-preparing.ts";
import { useStepViews } from "./runner/use-step-views.ts";
import { pathOf, useUrlSync } from "./runner/use-url-sync.ts";

/**
 * Runs one flow: the machine decides which step is current, the URL follows it, answers are
 * saved locally and on the server, and the step's renderer (one per kind) draws it. What a kind
 * does besides (loads, answer handling, moving on by itself) is its effect in steps/registry.ts.
 */
export function FunnelRunner({
  flow: declared,
  startPoint,
  onReopened,
}: {
  flow: CompiledFlow;
  startPoint?: StartPoint;
  /** The server re-opened a session this browser had lost: the page runs the flow again from it (reopened-session.ts). */
  onReopened?: (start: StartPoint) => void;
}) {
  const t = useT();
  // `flow` is the declared flow in this session's order of shuffled options and groups (ADR 067).
  const { actor, snapshot, flow, stepId, initialSessionId } = useFlowActor(declared, startPoint);
  const [sync, setSync] = useState(
    () =>
      new QuizSessionSync(
        flow,
        { sessionId: initialSessionId, variants: snapshot.context.variants, order: snapshot.context.order, attribution: attribution() },
        (message) => logClient("error", message),
      ),
  );
  const [sessionId, setSessionId] = useState(initialSessionId);
  useSessionStart(sync, actor, setSessionId, onReopened);
  usePersistProgress(flow, actor, sessionId);
  const send = useCallback((event: FlowEvent) => actor.send(event), [actor]);
  useUrlSync(flow, stepId, snapshot.context, send);
  useStepViews(stepId, sync);
  useStepEvents(flow, stepId, snapshot.context, sync);
  // The renderers of this flow's later steps, fetched once the first step is on screen.
  useEffect(() => {
    afterFirstPaint(() => void preloadStepRenderers(flow.steps.map((s) => s.kind)).catch((e: unknown) => logClient("warn", "step renderers did not load", e)));
  }, [flow]);

  const step = flow.steps.find((s) => s.id === stepId) ?? flow.steps[0]!;
  const effect = effectOf(step.kind);
  const needs = effect.needs(step);
  const [busy, setBusy] = useState(false);
  // A problem belongs to the step it is about (a checkout may send the visitor back to the e-mail step).
  const [problem, setProblem] = useState<{ step: string; message: string } | null>(null);
  const error = problem?.step === step.id ? problem.message : null;
  const setError = useCallback((message: string | null, at: string = step.id) => setProblem(message ? { step: at, message } : null), [step.id]);
  const data = useStepData(flow, needs, sessionId);
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const { account, onLogOut } = useAccountAtEmailStep(flow, snapshot.context, setSync, setSessionId, setBusy, setError);

  const advance = useCallback(
    (value: Answer) => {
      setProblem(null);
      sync.answer(step.id, value);
      stepAnswered(flow, step.id, sync);
      actor.send({ type: "NEXT", value });
    },
    [actor, flow, step.id, sync],
  );
  const moveOn = useCallback(() => advance(null), [advance]);

  const { payment, coveringPlan, refetchPayment, setPlanActive } = data;
  const plans = data.plans.data;
  const { answers, trail, variants } = snapshot.context;
  const onAnswer = useCallback(
    async (value: Answer = null) => {
      if (busy) return;
      if (effect.answer === "advance") return advance(value);
      const ctx: AnswerContext<typeof step.kind> = {
        flow,
        step,
        sync,
        answers,
        trail,
        payment,
        coveringPlan,
        plans,
        advance,
        goTo: (id) => actor.send({ type: "GO_TO", step: id }),
        setBusy,
        setError,
        refetchPayment,
        setPlanActive,
      };
      await effect.answer(value, ctx);
    },
    [actor, advance, answers, busy, coveringPlan, effect, flow, payment, plans, refetchPayment, setError, setPlanActive, step, sync, trail],
  );

  const settled = pathname === pathOf(flow, step.id, variants);
  usePaymentReturn({ flowCode: flow.code, active: needs.includes("paid_return"), settled, payment, advance: moveOn, setError });

  const analysis = effect.analysis?.(step) ?? null;
  const completes = analysis !== null && !questionsAhead(flow, step.id, answers, variants);
  const progress = usePreparing(analysis, completes, sync, moveOn);

  return (
    <StepScreen
      flow={flow}
      stepId={step.id}
      answers={answers}
      t={t}
      onAnswer={(v) => void onAnswer(v)}
      onBack={snapshot.context.at > 0 ? () => actor.send({ type: "BACK" }) : null}
      busy={busy}
      error={error}
      progress={progress}
      plans={plans}
      plansStatus={data.plans.isError ? "error" : plans ? undefined : "loading"}
      onRetryPlans={() => void data.plans.refetch()}
      payment={payment}
      coveringPlan={coveringPlan}
      report={data.report}
      variants={variants}
      alternateView={search.get("style") === "2"}
      account={account}
      onLogOut={onLogOut}
      finished30d={data.stats.data}
    />
  );
}
