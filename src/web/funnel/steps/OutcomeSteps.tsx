import type { FormEvent } from "react";
import { Continue, FieldError } from "./Continue.tsx";
import { ScaleBars } from "./ScaleBars.tsx";
import type { StepProps } from "./types.ts";

const submitWith = (onAnswer: () => void) => (event: FormEvent) => {
  event.preventDefault();
  onAnswer();
};

function Paragraphs({ items }: { items: string[] }) {
  return items.length ? (
    <div className="step__body">
      {items.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  ) : null;
}

/** A teaser of the profile scored so far. */
export function SummaryStep({ step, context, onAnswer }: StepProps<"summary">) {
  const scales = step.scales ? context.scales.filter((s) => step.scales!.includes(s.id)) : context.scales;
  return (
    <form onSubmit={submitWith(() => onAnswer())} className="step__form">
      <ScaleBars scales={scales} />
      <Paragraphs items={step.body} />
      <Continue label={step.cta} />
    </form>
  );
}

/** What the paid report holds, before any payment detail is asked. */
export function PreCheckoutStep({ step, context, onAnswer }: StepProps<"pre_checkout">) {
  return (
    <form onSubmit={submitWith(() => onAnswer())} className="step__form">
      {context.scales.length > 0 && (
        <div className="teaser">
          <p className="teaser__label">Your strongest interest areas</p>
          <ScaleBars scales={context.scales} limit={3} />
        </div>
      )}
      <Paragraphs items={step.body} />
      <h2 className="step__subheading">Your personal report includes</h2>
      <ul className="includes">
        {step.includes.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
      <Continue label={step.cta} />
    </form>
  );
}

/** Hands the visitor to the payment provider's checkout. */
export function PaymentStep({ step, onAnswer, busy, error }: StepProps<"payment">) {
  return (
    <form onSubmit={submitWith(() => onAnswer())} className="step__form">
      <Paragraphs items={step.body} />
      <FieldError id="payment-error" message={error} />
      <Continue label="Continue to secure checkout" busy={busy} />
    </form>
  );
}

/** The result page: the profile, and what comes next. */
export function ResultStep({ step, context }: StepProps<"result">) {
  return (
    <div className="step__form">
      {context.scales.length > 0 && <ScaleBars scales={context.scales} />}
      <Paragraphs items={step.body} />
    </div>
  );
}
