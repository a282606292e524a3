import { QueryClientContext } from "@tanstack/react-query";
import { lazy, Suspense, useContext, useState, useSyncExternalStore } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { useT } from "../shared/catalog/index.ts";
import { stepDataBeforeQueries } from "./effects/step-data.ts";
import { StepScreen } from "./frame/StepScreen.tsx";
import { useStepEvents } from "./runner/conversion-moments.ts";
import { questionsAhead } from "./runner/questions-ahead.ts";
import { useAnswer } from "./runner/use-answer.ts";
import { useArrival } from "./runner/use-arrival.ts";
import { usePreloadRenderers } from "./runner/use-preload-renderers.ts";
import { usePreparing } from "./runner/use-preparing.ts";
import { useStepProblem } from "./runner/use-step-problem.ts";
import { useStepViews } from "./runner/use-step-views.ts";
import { pathOf, useUrlSync } from "./runner/use-url-sync.ts";
import { useAccountAtIdentitySteps } from "./session/use-account-at-identity-steps.ts";
import { useFlowActor, type StartPoint } from "./session/use-flow-actor.ts";
import { useQuizSession } from "./session/use-quiz-session.ts";
import { effectOf } from "./steps/registry.ts";

/** TanStack Query's part of the runner, fetched with the library after the load event (ADR 043). */
const StepDataSource = lazy(() => import("./effects/StepDataSource.tsx").then((m) => ({ default: m.StepDataSource })));

/** False in the server's render and in the hydration of it, true in every render after (useSyncExternalStore's two snapshots). */
const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

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
  /** The server re-opened a session this browser had lost: the page runs the flow again from it (session/reopened-session.ts). */
  onReopened?: (start: StartPoint) => void;
}) {
  const t = useT();
  // `flow` is the declared flow in this session's order of shuffled options and groups (ADR 067).
  const { run, snapshot, flow, stepId, initialSession } = useFlowActor(declared, startPoint);
  const { context } = snapshot;
  const session = useQuizSession(flow, run, context, initialSession, onReopened);
  const { sync, sessionId } = session;
  const { send } = run;
  useUrlSync(flow, stepId, context, send);
  useStepViews(stepId, sync);
  useStepEvents(flow, stepId, context, sync);
  usePreloadRenderers(flow);

  const step = flow.steps.find((s) => s.id === stepId) ?? flow.steps[0]!;
  const effect = effectOf(step.kind);
  const needs = effect.needs(step);
  const problem = useStepProblem(step.id);
  // An answer given before the flow's machine came waits for it (session/flow-run.ts): the step takes no other meanwhile.
  const waiting = useSyncExternalStore(run.subscribe, run.isWaiting, run.isWaiting);
  const handling = { ...problem, busy: problem.busy || waiting };
  // What the step's needs loaded: at first what the page brought; the queries' answers once
  // TanStack Query is there (never in the server's render nor the first one here, which are the same).
  const [data, setData] = useState(() => stepDataBeforeQueries(flow.code, needs, sessionId));
  const queries = useContext(QueryClientContext) !== undefined;
  const mounted = useSyncExternalStore(noSubscription, inBrowser, onServer);
  const account = useAccountAtIdentitySteps(flow, context, session.setSync, session.setSessionId, handling.setBusy, handling.setError);
  const { onAnswer, moveOn } = useAnswer(flow, step, effect, { send, sync, context }, handling, data);

  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const settled = pathname === pathOf(flow, step.id, context.variants);
  const arrival = useArrival(context.at);
  const paidReturn = needs.includes("paid_return");
  const analysis = effect.analysis?.(step) ?? null;
  const progress = usePreparing(analysis, analysis !== null && !questionsAhead(flow, step.id, context.answers, context.variants), sync, moveOn);

  const source = mounted && queries && (
    <Suspense fallback={null}>
      <StepDataSource
        flow={flow}
        needs={needs}
        sessionId={sessionId}
        paymentReturn={{ flowCode: flow.code, active: paidReturn, settled, arrival, advance: moveOn, setError: handling.setError }}
        onData={setData}
      />
    </Suspense>
  );
  return (
    <>
      <StepScreen
        flow={flow}
        stepId={step.id}
        answers={context.answers}
        t={t}
        variants={context.variants}
        onAnswer={(v) => void onAnswer(v)}
        onBack={context.at > 0 ? () => send({ type: "BACK" }) : null}
        handling={{ busy: handling.busy, error: handling.error, progress }}
        loaded={data.loaded}
        alternateView={search.get("style") === "2"}
        account={account}
      />
      {source}
    </>
  );
}
