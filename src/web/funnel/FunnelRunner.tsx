import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import type { Answer, Answers, CompiledFlow, FlowEvent } from "../../engine/flow/types.ts";
import { ApiError } from "../shared/api/client.ts";
import { useAuth } from "../shared/auth/index.ts";
import { useT } from "../shared/catalog/index.ts";
import { logClient } from "../shared/log/log.ts";
import { afterFirstPaint } from "../shared/monitoring/monitoring.ts";
import {
  forgetCheckout,
  includeReportInPlan,
  lastCheckout,
  orderQueryOptions,
  rememberCheckout,
  sessionPaymentQueryOptions,
  startCheckout,
} from "../shared/money/orders.ts";
import { plansQueryOptions } from "../shared/money/plans-query.ts";
import { sessionReportQueryOptions } from "../shared/report/session-report.ts";
import { readAttribution } from "../shared/tracking/index.ts";
import { flowStatsQueryOptions } from "./flow-stats-query.ts";
import { prepareCabinet, QuizSessionSync, restartAsNewVisitor } from "./quiz-session.ts";
import { questionsAhead } from "./questions-ahead.ts";
import { StepScreen } from "./StepScreen.tsx";
import { preloadStepRenderers } from "./steps/step-renderer.ts";
import { useFlowActor, usePersistProgress, type StartPoint } from "./use-flow-actor.ts";
import { usePreparing } from "./use-preparing.ts";
import { useStepViews } from "./use-step-views.ts";
import { pathOf, useUrlSync } from "./use-url-sync.ts";
import { chosenProductId, type Payment } from "./view-model.ts";

const failure = (error: unknown, fallback: string) => (error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback);

/**
 * Runs one flow: the machine decides which step is current, the URL follows it, answers are
 * saved locally and on the server, and the step's renderer (one per kind) draws it.
 */
export function FunnelRunner({ flow, startPoint }: { flow: CompiledFlow; startPoint?: StartPoint }) {
  const t = useT();
  const { actor, snapshot, stepId, initialSessionId } = useFlowActor(flow, startPoint);
  const [sync, setSync] = useState(
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
  // The renderers of this flow's later steps, fetched once the first step is on screen.
  useEffect(() => {
    afterFirstPaint(() => void preloadStepRenderers(flow.steps.map((s) => s.kind)).catch((e: unknown) => logClient("warn", "step renderers did not load", e)));
  }, [flow]);

  const step = flow.steps.find((s) => s.id === stepId) ?? flow.steps[0]!;
  const [busy, setBusy] = useState(false);
  // A problem belongs to the step it is about (a checkout may send the visitor back to the e-mail step).
  const [problem, setProblem] = useState<{ step: string; message: string } | null>(null);
  const error = problem?.step === step.id ? problem.message : null;
  const setError = useCallback((message: string | null, at: string = step.id) => setProblem(message ? { step: at, message } : null), [step.id]);

  const stats = useQuery({ ...flowStatsQueryOptions(flow.code), enabled: step.kind === "info" && step.socialProof !== undefined });
  const plansWanted = step.kind === "pre_checkout" || step.kind === "payment";
  const plans = useQuery({ ...plansQueryOptions(), enabled: plansWanted });
  const chosenProduct = chosenProductId(flow, snapshot.context.answers);
  const paid = usePaidReturn(flow.code, step.kind === "payment", setError);
  // At the pre-checkout and payment steps the server says whether the report is paid for, included in
  // the logged-in customer's plan, or could be (Back after paying, another device, a subscriber's second quiz).
  const sessionPayment = useQuery({ ...sessionPaymentQueryOptions(sessionId), enabled: plansWanted && sessionId !== null });
  const [planActive, setPlanActive] = useState(false);
  // The summary shows the server's teaser, the result the paid report (polled while it is built); the
  // pre-checkout reads the teaser's claims, so the scores it shows are named as the report names them (ADR 036).
  const reportWanted = step.kind === "summary" || step.kind === "result" || step.kind === "pre_checkout";
  const sessionReport = useQuery(sessionReportQueryOptions(sessionId, reportWanted));
  const report = !reportWanted
    ? undefined
    : sessionReport.data && sessionId
      ? ({ state: "ready", sessionId, view: sessionReport.data } as const)
      : sessionReport.isError || sessionId === null
        ? ({ state: "unavailable" } as const)
        : ({ state: "loading" } as const);
  const payment: Payment | undefined = sessionPayment.data?.paid ? "paid" : sessionPayment.data?.included ? "included" : planActive ? "plan_active" : undefined;
  const coveringPlan = sessionPayment.data?.covering_plan?.name;
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const { account, onLogOut } = useAccountAtEmailStep(flow, snapshot.context, setSync, setSessionId, setBusy, setError);

  const advance = useCallback(
    (value: Answer) => {
      setProblem(null);
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
      // A subscriber's report comes with their plan: one click, no payment (ADR 017).
      if (step.kind === "pre_checkout" && (payment === "included" || coveringPlan)) {
        setBusy(true);
        try {
          const id = await sync.id();
          if (!id) throw new Error("the quiz session is not saved yet");
          await includeReportInPlan(id);
          await sessionPayment.refetch();
          advance(null);
        } catch (e) {
          logClient("warn", "report could not be included in the plan", e);
          setError(failure(e, "We could not add this report to your plan just now. Nothing has been charged. Please try again in a moment."));
        } finally {
          setBusy(false);
        }
        return;
      }
      if (step.kind === "payment" && payment === "paid") {
        advance(null);
        return;
      }
      if (step.kind === "payment" && payment === "plan_active") return;
      if (step.kind === "payment") {
        const preCheckout = flow.steps.find((s) => s.kind === "pre_checkout");
        if (!chosenProduct) {
          if (preCheckout && snapshot.context.trail.includes(preCheckout.id)) {
            setError("Choose a plan first, then continue to the secure checkout.", preCheckout.id);
            actor.send({ type: "GO_TO", step: preCheckout.id });
          }
          return;
        }
        setBusy(true);
        try {
          const sessionId = await sync.id();
          const { order_id, url } = await startCheckout(chosenProduct, sessionId, plans.data?.find((p) => p.id === chosenProduct)?.currency);
          rememberCheckout({ order_id, product_id: chosenProduct, flow_code: flow.code, session_id: sessionId });
          window.location.assign(url);
        } catch (e) {
          setBusy(false);
          const emailStep = flow.steps.find((s) => s.kind === "email");
          if (e instanceof ApiError && e.status === 409 && e.code === "email_required" && emailStep && snapshot.context.trail.includes(emailStep.id)) {
            setError(`${e.message || "We need your email address first."} Your receipt and your login link are sent there.`, emailStep.id);
            actor.send({ type: "GO_TO", step: emailStep.id });
            return;
          }
          if (e instanceof ApiError && e.status === 409 && e.code === "already_paid") {
            void sessionPayment.refetch();
            return;
          }
          if (e instanceof ApiError && e.status === 409 && e.code === "plan_active") {
            setPlanActive(true);
            return;
          }
          logClient("error", "checkout could not start", e);
          setError(failure(e, "We could not open the secure checkout. You have not been charged. Please try again in a moment."));
        }
        return;
      }
      advance(value);
    },
    [
      actor,
      advance,
      busy,
      chosenProduct,
      coveringPlan,
      flow.code,
      flow.steps,
      payment,
      plans.data,
      sessionPayment,
      setError,
      snapshot.context.trail,
      step.kind,
      sync,
    ],
  );

  // Back from the provider with a paid order: the payment step is done, on to the result. Only once
  // the URL shows the payment step, so a redirect to it still under way cannot undo the move.
  const moved = useRef<string | null>(null);
  const settled = pathname === pathOf(flow, step.id, snapshot.context.variants);
  useEffect(() => {
    if (step.kind !== "payment" || !paid || !settled || moved.current === paid) return;
    moved.current = paid;
    forgetCheckout();
    advance(null);
  }, [advance, paid, settled, step.kind]);

  // An included report has nothing to pay: the payment step passes straight on to the result.
  const passedIncluded = useRef(false);
  useEffect(() => {
    if (step.kind !== "payment" || payment !== "included" || !settled || passedIncluded.current) return;
    passedIncluded.current = true;
    advance(null);
  }, [advance, payment, settled, step.kind]);

  const completes = step.kind === "preparing" && !questionsAhead(flow, step.id, snapshot.context.answers, snapshot.context.variants);
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
      plans={plans.data}
      plansStatus={plans.isError ? "error" : plans.data ? undefined : "loading"}
      onRetryPlans={() => void plans.refetch()}
      payment={payment}
      coveringPlan={coveringPlan}
      report={report}
      variants={snapshot.context.variants}
      alternateView={search.get("style") === "2"}
      account={account}
      onLogOut={onLogOut}
      finished30d={stats.data}
    />
  );
}

/**
 * On the payment step, the order this browser last sent to checkout for this flow (kept at
 * checkout start): polled for a short while, it answers its id once the server says it is paid.
 * A declined order is forgotten, with a word to the visitor.
 */
function usePaidReturn(flowCode: string, onPaymentStep: boolean, setError: (message: string | null) => void): string | null {
  const [record] = useState(() => lastCheckout());
  const orderId = onPaymentStep && record?.flow_code === flowCode ? record.order_id : null;
  const order = useQuery({
    ...orderQueryOptions(orderId ?? ""),
    enabled: orderId !== null,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === "pending" && q.state.dataUpdateCount < 30 ? 2000 : false),
  });
  const status = order.data?.status;
  useEffect(() => {
    if (status !== "declined") return;
    forgetCheckout();
    setError("Your last payment did not go through, and you have not been charged. You can try again below.");
  }, [setError, status]);
  return status === "paid" && orderId ? orderId : null;
}

/**
 * The logged-in customer, whose own address the e-mail step uses (ADR 011), and "Not you? Log out":
 * logs out, then this browser goes on as a new visitor with a new server session holding the
 * answers so far (the logout ended the old session's hold on this browser).
 */
function useAccountAtEmailStep(
  flow: CompiledFlow,
  context: { answers: Answers; variants: Record<string, string> },
  setSync: (sync: QuizSessionSync) => void,
  setSessionId: (id: string | null) => void,
  setBusy: (busy: boolean) => void,
  setError: (message: string | null) => void,
) {
  const auth = useAuth();
  const account = auth.status === "loggedIn" && auth.customer ? { email: auth.customer.email } : null;
  const { logout } = auth;
  const { answers, variants } = context;
  const onLogOut = useCallback(() => {
    setBusy(true);
    setError(null);
    void logout()
      .then(() => {
        const next = restartAsNewVisitor(flow, { answers, variants, attribution: attribution() }, (message) => logClient("error", message));
        setSync(next);
        return next.id().then(setSessionId);
      })
      .finally(() => setBusy(false));
  }, [answers, flow, logout, setBusy, setError, setSessionId, setSync, variants]);
  return { account, onLogOut };
}

function attribution() {
  const { utm, fbclid } = readAttribution();
  return { ...(utm ? { utm } : {}), ...(fbclid ? { fbclid } : {}) };
}
