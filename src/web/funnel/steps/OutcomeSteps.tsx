import type { FormEvent } from "react";
import { Continue } from "./Continue.tsx";
import { ScaleBars } from "./ScaleBars.tsx";
import type { StepProps } from "./types.ts";

export { PaymentStep } from "./PaymentStep.tsx";
export { PreCheckoutStep } from "./PreCheckoutStep.tsx";

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

/** The result page: the profile, and what comes next. */
export function ResultStep({ step, context }: StepProps<"result">) {
  return (
    <div className="step__form">
      {context.scales.length > 0 && <ScaleBars scales={context.scales} />}
      <Paragraphs items={step.body} />
    </div>
  );
}
