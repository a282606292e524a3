import { useState, type FormEvent } from "react";
import { REFUND_TERMS } from "#schemas/content/refund-terms.ts";
import { planTerms } from "#web/shared/money/money.ts";
import { Continue, FieldError } from "../Continue.tsx";
import { PlanOptions } from "./PlanOptions.tsx";
import { ScaleBars } from "../outcome/ScaleBars.tsx";
import type { StepProps } from "../types.ts";
import "./plans.css";

const CHOOSE = "Choose a plan to continue.";

/** Loading and failure of the plan list: they keep the cards' place and say what is going on. */
function PlansState({ status, onRetry }: { status: "loading" | "error"; onRetry?: () => void }) {
  if (status === "loading") {
    return (
      <div className="plans" role="status" aria-live="polite">
        <span className="visually-hidden">Loading the plans…</span>
        <span className="plans-state__skeleton" aria-hidden="true" />
        <span className="plans-state__skeleton" aria-hidden="true" />
      </div>
    );
  }
  return (
    <div className="plans-state" role="alert">
      <p>We could not load the plans just now. Nothing has been charged. Check your connection and try again.</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/**
 * What the paid report holds and what it costs, before any payment detail is asked: the plans as
 * a radio group with today's charge and the renewal in plain words, how to cancel, and the terms.
 * The answer is the chosen plan's product id.
 */
export function PreCheckoutStep(props: StepProps<"pre_checkout">) {
  const { context } = props;
  if (context.coveringPlan || context.payment === "included" || context.payment === "paid")
    return <IncludedReport {...props} planName={context.coveringPlan ?? null} />;
  return <ChoosePlan {...props} />;
}

/**
 * The scores above the list, as the teaser states them (the pre-checkout's claim, ADR 036, decided
 * from the flow and the answers before the first paint, so the bars never change under the
 * visitor): levels show every scale; a profile its top (three, or more when some are level), or,
 * when every area is level, all of them under words that say so instead of the step's title (which
 * speaks of a top). Without a claim (a flow whose report has no template), the three highest.
 */
function PreCheckoutScales({ title, context }: { title: string; context: StepProps<"pre_checkout">["context"] }) {
  const { flat, top } = context.preCheckout ?? { flat: false, top: null };
  const levels = context.scales.some((s) => s.band);
  const shown = levels || flat ? context.scales : top ? context.scales.filter((s) => top.includes(s.id)) : context.scales.slice(0, 3);
  return (
    <div className="teaser">
      <p className="teaser__label">{!levels && flat ? "Your areas are level: none of them stands out" : title}</p>
      <ScaleBars scales={shown} highlight={flat ? 0 : levels ? 3 : shown.length} />
    </div>
  );
}

/**
 * What the report holds: the scales so far, the step's copy (left out when nothing is to be paid:
 * it speaks of the price) and the list of what it includes.
 */
function ReportContents({ step, context, forSale }: Pick<StepProps<"pre_checkout">, "step" | "context"> & { forSale: boolean }) {
  return (
    <>
      {step.scalesTitle && context.scales.length > 0 && <PreCheckoutScales title={step.scalesTitle} context={context} />}
      {forSale && step.body.length > 0 && (
        <div className="step__body">
          {step.body.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      )}
      <h2 className="step__subheading">Your personal report includes</h2>
      <ul className="includes">
        {step.includes.map((item, i) => (
          <li key={i}>{item.text}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * A subscriber's pre-checkout (ADR 017): their plan includes every assessment's report, so there
 * are no plans to choose and nothing to pay — one click adds the report to the account.
 */
function IncludedReport({ step, context, onAnswer, busy, error, planName }: StepProps<"pre_checkout"> & { planName: string | null }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAnswer(null);
  };
  const paid = context.payment === "paid";
  return (
    <form onSubmit={submit} className="step__form" noValidate>
      <ReportContents step={step} context={context} forSale={false} />
      <section className="plan-summary plan-summary--included" aria-labelledby="included-title">
        <h2 id="included-title" className="plan-summary__name">
          {paid ? "Your report is paid for" : "Included in your plan"}
        </h2>
        <p>
          {paid
            ? "This report is already paid for, so there is nothing more to pay."
            : `Your ${planName ? `${planName} plan` : "plan"} includes the report of every assessment, so there is nothing to pay. It is saved in your account with a PDF, and we e-mail you when it is ready.`}
        </p>
      </section>
      <FieldError id="included-error" message={error ?? null} />
      <Continue label={paid ? "See your report" : "Get my report"} busy={busy} />
    </form>
  );
}

/** The plans as a radio group with today's charge and the renewal in plain words, how to cancel, the refund terms. */
function ChoosePlan({ step, context, answer, onAnswer, onRetry, busy }: StepProps<"pre_checkout">) {
  const plans = context.plans;
  // The visitor's own earlier choice first; else the plan the flow's offer preselects (ADR 065).
  const [selected, setSelected] = useState(typeof answer === "string" ? answer : undefined);
  const preselected = plans?.find((p) => p.preselected);
  const [problem, setProblem] = useState<string | null>(null);
  const only = plans?.length === 1 ? plans[0] : undefined;
  const chosen = plans?.find((p) => p.id === selected) ?? only ?? preselected;
  const status = plans ? null : (context.plansStatus ?? "loading");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!plans) return;
    if (!chosen) return setProblem(CHOOSE);
    onAnswer(chosen.id);
  };

  return (
    <form onSubmit={submit} className="step__form" noValidate>
      <ReportContents step={step} context={context} forSale />

      <h2 id="plans-title" className="step__subheading">
        Choose your plan
      </h2>
      {status ? (
        <PlansState status={status} onRetry={onRetry} />
      ) : (
        <PlanOptions
          plans={plans ?? []}
          selected={chosen?.id}
          onSelect={(id) => {
            setSelected(id);
            setProblem(null);
          }}
          labelledBy="plans-title"
          describedBy={problem ? "plans-error" : undefined}
        />
      )}

      <div className="checkout-terms">
        <p className="checkout-terms__chosen" aria-live="polite">
          {chosen ? `You pay ${planTerms(chosen)}.` : ""}
        </p>
        <p>Cancel any time in your account, in two clicks. You keep access until the end of the period you have paid for, and you are not charged again.</p>
        <p>
          {REFUND_TERMS}{" "}
          <a href="/refund-policy" target="_blank" rel="noopener">
            Refund policy
          </a>
        </p>
        <p>
          By continuing you agree to our{" "}
          <a href="/terms-of-service" target="_blank" rel="noopener">
            Terms of service
          </a>
          . Card details are asked only on the next page, by our payment provider.
        </p>
      </div>
      <FieldError id="plans-error" message={problem} />
      <Continue label={step.cta} disabled={!plans || plans.length === 0} busy={busy} />
    </form>
  );
}
