import type { FormEvent } from "react";
import { Continue } from "./Continue.tsx";
import type { StepProps } from "./types.ts";

/**
 * Copy between questions (its picture, like a question's, is drawn by StepScreen). On the funnel's first step (a visitor from an ad) the
 * button follows the opening paragraph, so it is on the first screen on a phone and a laptop; the
 * rest of the copy comes under it.
 */
export function InfoStep({ step, context, onAnswer, busy }: StepProps<"info">) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAnswer();
  };
  const early = context.landing && step.body.length > 1;
  const [lead, rest] = early ? [step.body.slice(0, 1), step.body.slice(1)] : [step.body, []];
  return (
    <form onSubmit={submit} className={early ? "step__form step__form--landing" : "step__form"}>
      <div className="step__body">
        {lead.map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      <Continue label={step.cta} busy={busy} />
      {context.socialProof && <p className="step__proof">{context.socialProof}</p>}
      {rest.length > 0 && (
        <div className="step__body step__details">
          {rest.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
      )}
    </form>
  );
}
