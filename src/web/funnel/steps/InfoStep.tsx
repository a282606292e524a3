import type { FormEvent } from "react";
import { Continue } from "./Continue.tsx";
import type { StepProps } from "./types.ts";

/** Copy and a picture between questions. */
export function InfoStep({ step, onAnswer }: StepProps<"info">) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAnswer();
  };
  return (
    <form onSubmit={submit} className="step__form">
      {step.image && <img className="step__image" src={step.image.src} alt={step.image.alt} width={320} height={200} />}
      <div className="step__body">
        {step.body.map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      <Continue label={step.cta} />
    </form>
  );
}
