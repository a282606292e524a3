import type { FormEvent } from "react";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { everyPeriod, firstTerm, formatMoney } from "#web/shared/money/money.ts";
import { nothingToPay } from "#web/funnel/frame/view-model.ts";
import { Continue, FieldError } from "../Continue.tsx";
import { NOTHING_TO_PAY } from "./nothing-to-pay.ts";
import type { StepProps } from "../types.ts";
import "./plans.css";

/**
 * The hand-off to the payment provider: the chosen plan once more (today's charge and the
 * renewal), then the provider's hosted checkout. Card details are only ever typed there.
 */
export function PaymentStep({ step, context, onAnswer, busy, error }: StepProps<"payment">) {
  const plan = context.chosenPlan;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAnswer();
  };
  // Back here from the report (going forward the step passes on by itself): its heading says why
  // there is nothing to pay (StepScreen), and the one way on is the report.
  if (nothingToPay(context.payment)) {
    return (
      <form onSubmit={submit} className="step__form">
        <div className="plan-summary">
          <p>{NOTHING_TO_PAY[context.payment].text}</p>
        </div>
        <Continue label="See your report" busy={busy} />
      </form>
    );
  }
  if (context.payment === "plan_active") {
    return (
      <section className="plan-summary" aria-labelledby="plan-active-title">
        <h2 id="plan-active-title" className="plan-summary__name">
          You already have a plan
        </h2>
        <p role="status">Your plan is active, so there is nothing more to pay here.</p>
        <div className="step__actions">
          <Link className="button button--primary step__continue" to={paths.accountMyPlans}>
            Go to My plans
          </Link>
        </div>
      </section>
    );
  }
  return (
    <form onSubmit={submit} className="step__form">
      {plan ? (
        <section className="plan-summary" aria-labelledby="plan-summary-title">
          <h2 id="plan-summary-title" className="plan-summary__name">
            {plan.name}
          </h2>
          <dl className="plan-summary__rows">
            <dt>Today</dt>
            <dd>
              {formatMoney(plan.first_amount, plan.currency)} {firstTerm(plan)}
            </dd>
            <dt>Then</dt>
            <dd>
              {formatMoney(plan.renewal_amount, plan.currency)} {everyPeriod(plan.period)}, until you cancel
            </dd>
            <dt>Cancelling</dt>
            <dd>Any time in your account, in two clicks</dd>
          </dl>
        </section>
      ) : context.plansStatus === "loading" ? (
        <p className="step__hint" role="status">
          Loading your plan…
        </p>
      ) : null}
      {step.body.length > 0 && (
        <div className="step__body">
          {step.body.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      )}
      <FieldError id="payment-error" message={error} />
      <Continue label="Continue to secure checkout" busy={busy} />
    </form>
  );
}
