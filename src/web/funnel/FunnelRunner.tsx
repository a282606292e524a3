import { useCallback, useEffect, useState } from "react";
import type { Answer, CompiledFlow, FlowEvent } from "../../engine/flow/types.ts";
import { ApiError, api } from "../shared/api/client.ts";
import { useT } from "../shared/catalog/index.ts";
import { logClient } from "../shared/log/log.ts";
import { readAttribution } from "../shared/tracking/index.ts";
import { prepareCabinet, QuizSessionSync } from "./quiz-session.ts";
import { questionsAhead } from "./questions-ahead.ts";
import { StepScreen } from "./StepScreen.tsx";
import { useFlowActor, usePersistProgress, type StartPoint } from "./use-flow-actor.ts";
import { usePreparing } from "./use-preparing.ts";
import { useStepViews } from "./use-step-views.ts";
import { useUrlSync } from "./use-url-sync.ts";

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

  const completes = step.kind === "preparing" && !questionsAhead(flow, step.id, snapshot.context.answers);
  const progress = usePreparing(step.kind === "preparing" ? step : null, completes, sync, () => advance(null));

  return (
    <StepScreen
      flow={flow}
      stepId={step.id}
      answers={snapshot.context.answers}
      t={t}
      onAnswer={(v) => void onAnswer(v)}
      onBack={snapshot.context.at > 0 ? () => actor.send({ type: "BACK" }) : null}
      busy={busy}
      error={error}
      progress={progress}
    />
  );
}

function attribution() {
  const { utm, fbclid } = readAttribution();
  return { ...(utm ? { utm } : {}), ...(fbclid ? { fbclid } : {}) };
}
