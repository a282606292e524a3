import { useCallback, useEffect, useMemo, useState, type ComponentType } from "react";
import { questionKinds } from "../../../schemas/flow/step-kinds.ts";
import type { StepKind } from "../../../schemas/flow/steps.ts";
import { scoreAnswers } from "../../engine/flow/score.ts";
import type { Answer, CompiledFlow, FlowEvent } from "../../engine/flow/types.ts";
import { ApiError, api } from "../shared/api/client.ts";
import { useT } from "../shared/catalog/index.ts";
import { logClient } from "../shared/log/log.ts";
import { readAttribution } from "../shared/tracking/index.ts";
import { FunnelLayout } from "./FunnelLayout.tsx";
import { flowProgress } from "./progress.ts";
import { prepareCabinet, QuizSessionSync } from "./quiz-session.ts";
import { stepRenderers } from "./steps/registry.ts";
import type { StepProps } from "./steps/types.ts";
import { useFlowActor, usePersistProgress, type StartPoint } from "./use-flow-actor.ts";
import { usePreparing } from "./use-preparing.ts";
import { useStepViews } from "./use-step-views.ts";
import { useUrlSync } from "./use-url-sync.ts";
import { resolveTexts, stepContext } from "./view-model.ts";

const failure = (error: unknown, fallback: string) => (error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback);

/**
 * Runs one flow: the machine decides which step is current, the URL follows it, answers are
 * saved locally and on the server, and the step's renderer (one per kind) draws it.
 */
export function FunnelRunner({ flow, startPoint }: { flow: CompiledFlow; startPoint?: StartPoint }) {
  const t = useT();
  const { actor, snapshot, stepId, initialSessionId } = useFlowActor(flow, startPoint);
  const [sync] = useState(
    () =>
      new QuizSessionSync(flow, { sessionId: initialSessionId, variants: snapshot.context.variants, attribution: attribution() }, (message) =>
        logClient("error", message),
      ),
  );
  const [sessionId, setSessionId] = useState(initialSessionId);
  useEffect(() => {
    void sync.id().then(setSessionId);
  }, [sync]);
  usePersistProgress(flow, actor, sessionId);
  const send = useCallback((event: FlowEvent) => actor.send(event), [actor]);
  useUrlSync(flow, stepId, snapshot.context, send);
  useStepViews(stepId, sync);

  const step = flow.steps.find((s) => s.id === stepId) ?? flow.steps[0]!;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const advance = useCallback(
    (value: Answer) => {
      setError(null);
      sync.answer(step.id, value);
      actor.send({ type: "NEXT", value });
    },
    [actor, step.id, sync],
  );

  const onAnswer = useCallback(
    async (value: Answer = null) => {
      if (busy) return;
      if (step.kind === "email" && typeof value === "string") {
        setBusy(true);
        try {
          await prepareCabinet(value);
          advance(value);
        } catch (e) {
          setError(failure(e, "We could not save your email address. Check your connection and try again."));
        } finally {
          setBusy(false);
        }
        return;
      }
      if (step.kind === "payment") {
        setBusy(true);
        try {
          const { url } = await api.post<{ url: string }>("/checkout/start", { flow_code: flow.code, session_id: await sync.id() });
          window.location.assign(url);
        } catch (e) {
          logClient("error", "checkout could not start", e);
          setError(failure(e, "We could not open the secure checkout. Please try again in a moment."));
          setBusy(false);
        }
        return;
      }
      advance(value);
    },
    [advance, busy, flow.code, step.kind, sync],
  );

  const progress = usePreparing(step.kind === "preparing" ? step : null, sync, () => advance(null));

  const answers = snapshot.context.answers;
  const scores = useMemo(() => scoreAnswers(flow, answers), [flow, answers]);
  const vm = useMemo(
    () => ({ step: resolveTexts(step, t), answer: answers[step.id], context: stepContext(flow, step, scores, answers, t) }),
    [flow, step, scores, answers, t],
  );

  const Renderer = stepRenderers[step.kind] as ComponentType<StepProps<StepKind>>;
  const isQuestion = questionKinds.includes(step.kind);
  const counted = flow.steps.filter((s) => s.progress ?? questionKinds.includes(s.kind));
  const position = counted.findIndex((s) => s.id === step.id);

  return (
    <FunnelLayout
      stepKey={step.id}
      title={vm.step.title}
      subtitle={vm.step.subtitle}
      eyebrow={isQuestion && position >= 0 && step.kind !== "email" && step.kind !== "name" ? `Question ${position + 1} of ${counted.length}` : undefined}
      progress={step.kind === "result" || step.kind === "feedback" ? null : flowProgress(flow, step.id)}
      onBack={snapshot.context.at > 0 && step.kind !== "preparing" && step.kind !== "result" ? () => actor.send({ type: "BACK" }) : null}
    >
      <Renderer key={step.id} {...vm} onAnswer={(v) => void onAnswer(v)} busy={busy} error={error} progress={progress} />
    </FunnelLayout>
  );
}

function attribution() {
  const { utm, fbclid } = readAttribution();
  return { ...(utm ? { utm } : {}), ...(fbclid ? { fbclid } : {}) };
}
