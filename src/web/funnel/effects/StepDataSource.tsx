import { useLayoutEffect } from "react";
import type { CompiledFlow } from "#engine/flow/types.ts";
import type { StepData } from "./step-data.ts";
import type { StepNeed } from "./types.ts";
import { usePaymentReturn } from "./use-payment-return.ts";
import { useStepData } from "./use-step-data.ts";

/**
 * The current step's loads (useStepData) and the paid return (usePaymentReturn), handed to the
 * runner: TanStack Query's part of a funnel, loaded apart and drawn once the library is there,
 * after the load event, so the first screen needs neither (ADR 043). Draws nothing; what it loads
 * reaches the runner before the browser paints (a layout effect).
 */
export function StepDataSource({
  flow,
  needs,
  sessionId,
  paymentReturn,
  onData,
}: {
  flow: CompiledFlow;
  needs: readonly StepNeed[];
  sessionId: string | null;
  paymentReturn: Omit<Parameters<typeof usePaymentReturn>[0], "payment">;
  onData: (data: StepData) => void;
}) {
  const data = useStepData(flow, needs, sessionId);
  usePaymentReturn({ ...paymentReturn, payment: data.payment });
  useLayoutEffect(() => onData(data), [data, onData]);
  return null;
}
