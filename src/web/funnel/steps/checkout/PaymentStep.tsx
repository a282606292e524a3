import type { FormEvent } from "react";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { everyPeriod, firstTerm, formatMoney } from "#web/shared/money/money.ts";
import { Continue, FieldError } from "../Continue.tsx";
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
  if (context.payment === "paid") {
    return (
      <form onSubmit={submit} className="step__form">
        <section className="plan-summary" aria-labelledby="paid-title">
          <h2 id="paid-title" className="plan-summary__name">
            Your report is paid for
          </h2>
          <p>Your payment went through, so there is nothing more to pay. Your receipt and a login link are in your inbox.</p>
        </section>
        <Continue label="See your report" busy={busy} />
      </form>
    );
  }
  // Back here from a report the customer's plan includes (it passed on by itself the first time).
  if (context.payment === "included") {
    return (
      <form onSubmit={submit} className="step__form">
        <section className="plan-summary" aria-labelledby="included-title">
          <h2 id="included-title" className="plan-summary__name">
            Your report is included in your plan
          </h2>
          <p>There is nothing to pay for it.</p>
        </section>
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
