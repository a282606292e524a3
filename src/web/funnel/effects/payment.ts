import { ApiError } from "#web/shared/api/client.ts";
import { logClient } from "#web/shared/log/log.ts";
import { rememberCheckout, startCheckout } from "#web/shared/money/orders.ts";
import { checkoutOpened } from "../runner/conversion-moments.ts";
import { chosenProductId, nothingToPay } from "../frame/view-model.ts";
import { failure } from "./failure.ts";
import type { AnswerContext, StepEffect } from "./types.ts";

/** What checking out reads and does. */
type Checkout = AnswerContext<"flow" | "answers" | "trail" | "sessionId" | "plans" | "goTo" | "setBusy" | "setError" | "refetchPayment" | "setPlanActive">;

/** Sends the visitor to the provider's checkout for the plan chosen at the pre-checkout. */
async function checkout(ctx: Checkout) {
  const { flow, sessionId: session, trail, plans, goTo, setBusy, setError } = ctx;
  const product = chosenProductId(flow, ctx.answers);
  if (!product) {
    const preCheckout = flow.steps.find((s) => s.kind === "pre_checkout");
    if (preCheckout && trail.includes(preCheckout.id)) {
      setError("Choose a plan first, then continue to the secure checkout.", preCheckout.id);
      goTo(preCheckout.id);
    }
    return;
  }
  setBusy(true);
  try {
    const sessionId = await session();
    const plan = plans?.find((p) => p.id === product);
    const { order_id, url } = await startCheckout(product, sessionId, plan?.currency);
    rememberCheckout({ order_id, product_id: product, flow_code: flow.code, session_id: sessionId });
    checkoutOpened(order_id, plan);
    window.location.assign(url);
  } catch (e) {
    setBusy(false);
    const emailStep = flow.steps.find((s) => s.kind === "email");
    if (e instanceof ApiError && e.status === 409 && e.code === "email_required" && emailStep && trail.includes(emailStep.id)) {
      setError(`${e.message || "We need your email address first."} Your receipt and your login link are sent there.`, emailStep.id);
      goTo(emailStep.id);
      return;
    }
    if (e instanceof ApiError && e.status === 409 && e.code === "already_paid") {
      void ctx.refetchPayment();
      return;
    }
    if (e instanceof ApiError && e.status === 409 && e.code === "plan_active") {
      ctx.setPlanActive();
      return;
    }
    logClient("error", "checkout could not start", e);
    setError(failure(e, "We could not open the secure checkout. You have not been charged. Please try again in a moment."));
  }
}

/**
 * The payment step: with nothing to pay (a paid report, or one the customer's plan includes) it
 * moves on; an active plan stays (the step says why); anything else goes to checkout. Back from the
 * provider with a paid order, or come to going forward with nothing to pay, it moves on by itself
 * (use-payment-return.ts).
 */
export const paymentEffect: StepEffect<"payment", "payment" | "advance" | keyof Checkout> = {
  needs: () => ["plans", "payment", "paid_return"],
  answer: async (_value, ctx) => {
    if (nothingToPay(ctx.payment)) return ctx.advance(null);
    if (ctx.payment === "plan_active") return;
    await checkout(ctx);
  },
  analysis: null,
};
