import type { ProductView } from "#web/shared/money/money.ts";
import { bootData } from "#web/shared/boot/boot-data.ts";
import type { Payment, StepLoaded } from "../frame/view-model.ts";
import type { StepNeed } from "./types.ts";

/** What the current step's needs loaded (use-step-data.ts), as the runner reads it. */
export type StepData = {
  loaded: StepLoaded;
  plans: ProductView[] | undefined;
  payment: Payment | undefined;
  coveringPlan: string | undefined;
  refetchPayment: () => Promise<unknown>;
  setPlanActive: () => void;
};

const nothing = () => {};

/**
 * The step data before TanStack Query is there (a funnel's first screen runs without it, ADR 043),
 * and on the server, which draws that first screen: what the page brought (the boot data's count
 * of finished tests), the rest still loading, as the queries start.
 */
export function stepDataBeforeQueries(flowCode: string, needs: readonly StepNeed[], sessionId: string | null): StepData {
  const boot = bootData();
  const finished30d = boot?.flow?.code === flowCode ? boot.finished30d : undefined;
  const report = needs.includes("report") ? (sessionId === null ? ({ state: "unavailable" } as const) : ({ state: "loading" } as const)) : undefined;
  return {
    loaded: { plans: undefined, plansStatus: "loading", onRetryPlans: nothing, payment: undefined, coveringPlan: undefined, report, finished30d },
    plans: undefined,
    payment: undefined,
    coveringPlan: undefined,
    refetchPayment: () => Promise.resolve(),
    setPlanActive: nothing,
  };
}
