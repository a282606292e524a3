import { logClient } from "#web/shared/log/log.ts";
import { includeReportInPlan } from "#web/shared/money/orders.ts";
import { nothingToPay } from "../frame/view-model.ts";
import { failure } from "./failure.ts";
import type { StepEffect } from "./types.ts";

/**
 * The pre-checkout shows the plans and the payment state; its bars follow the claims rule from the
 * flow and the answers (src/web/funnel/frame/view-model.ts `preCheckout`, ADR 036), so it waits for no report. A
 * subscriber's report comes with their plan: one click, no payment (ADR 017). A report already paid
 * for or included goes on to the payment step, which passes straight on to the report.
 */
export const preCheckoutEffect: StepEffect<"pre_checkout", "sessionId" | "payment" | "coveringPlan" | "advance" | "setBusy" | "setError" | "refetchPayment"> = {
  needs: () => ["plans", "payment"],
  answer: async (value, { sessionId, payment, coveringPlan, advance, setBusy, setError, refetchPayment }) => {
    // Paid for, or already included: nothing to take through the plan; the payment step passes on to the report.
    if (nothingToPay(payment) || !coveringPlan) return advance(value);
    setBusy(true);
    try {
      const id = await sessionId();
      if (!id) throw new Error("the quiz session is not saved yet");
      await includeReportInPlan(id);
      await refetchPayment();
      advance(null);
    } catch (e) {
      logClient("warn", "report could not be included in the plan", e);
      setError(failure(e, "We could not add this report to your plan just now. Nothing has been charged. Please try again in a moment."));
    } finally {
      setBusy(false);
    }
  },
  analysis: null,
};
