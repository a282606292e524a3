import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import type { StepData } from "./step-data.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { sessionPaymentQueryOptions } from "#web/shared/money/orders.ts";
import { plansQueryOptions } from "#web/shared/money/plans-query.ts";
import { sessionReportQueryOptions } from "#web/shared/report/session-report.ts";
import { flowStatsQueryOptions } from "../flow-stats-query.ts";
import type { Payment, StepLoaded } from "../frame/view-model.ts";
import type { StepNeed } from "./types.ts";

/**
 * Loads what the current step needs (its kind's `needs`, src/web/funnel/steps/registry.ts): the
 * plans of the session's offer, whether the report is paid for, included in the logged-in customer's plan or could be
 * (Back after paying, another device, a subscriber's second quiz), the teaser or paid report
 * (polled while it is built), and how many finished the test. `loaded` is what the step's screen
 * shows; the rest is what answer handlers read and do.
 */
export function useStepData(flow: CompiledFlow, needs: readonly StepNeed[], sessionId: string | null): StepData {
  const stats = useQuery({ ...flowStatsQueryOptions(flow.code), enabled: needs.includes("stats") });
  // The session's offer (ADR 065): the plans its flow or variant shows, in order; the server refuses any other.
  const plans = useQuery({ ...plansQueryOptions(undefined, sessionId ?? undefined), enabled: needs.includes("plans") });
  const sessionPayment = useQuery({ ...sessionPaymentQueryOptions(sessionId), enabled: needs.includes("payment") && sessionId !== null });
  const [planActive, setPlanActive] = useState(false);
  const reportWanted = needs.includes("report");
  const sessionReport = useQuery(sessionReportQueryOptions(sessionId, reportWanted));
  const { data: view, isError: reportFailed } = sessionReport;
  const report = useMemo(
    () =>
      !reportWanted
        ? undefined
        : view && sessionId
          ? ({ state: "ready", sessionId, view } as const)
          : reportFailed || sessionId === null
            ? ({ state: "unavailable" } as const)
            : ({ state: "loading" } as const),
    [reportWanted, view, sessionId, reportFailed],
  );
  const payment: Payment | undefined = sessionPayment.data?.paid ? "paid" : sessionPayment.data?.included ? "included" : planActive ? "plan_active" : undefined;
  const coveringPlan = sessionPayment.data?.covering_plan?.name;
  const { data: plansOnSale, isError: plansFailed, refetch: refetchPlans } = plans;
  const onRetryPlans = useCallback(() => void refetchPlans(), [refetchPlans]);
  // One object while nothing in it changes, so the step's view-model is not rebuilt on every render.
  const loaded = useMemo<StepLoaded>(
    () => ({
      plans: plansOnSale,
      plansStatus: plansFailed ? "error" : plansOnSale ? undefined : "loading",
      onRetryPlans,
      payment,
      coveringPlan,
      report,
      finished30d: stats.data,
    }),
    [plansOnSale, plansFailed, onRetryPlans, payment, coveringPlan, report, stats.data],
  );
  const { refetch: refetchPayment } = sessionPayment;
  const onPlanActive = useCallback(() => setPlanActive(true), []);
  // One object while nothing in it changes: the runner keeps it (StepDataSource.tsx).
  return useMemo(
    () => ({ loaded, plans: plansOnSale, payment, coveringPlan, refetchPayment, setPlanActive: onPlanActive }),
    [loaded, plansOnSale, payment, coveringPlan, refetchPayment, onPlanActive],
  );
}
