import { useId, useState, type FormEvent } from "react";
import { Continue } from "./Continue.tsx";
import type { StepProps } from "./types.ts";

/** A number on a range, with its value always shown. */
export function SliderStep({ step, answer, onAnswer, busy }: StepProps<"slider">) {
  // The middle of the range, on the step grid that starts at min (the server accepts only those values).
  const start = typeof answer === "number" ? answer : (step.initial ?? step.min + Math.round((step.max - step.min) / 2 / step.step) * step.step);
  const [value, setValue] = useState(start);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAnswer(value);
  };
  const shown = `${value}${step.unit ? ` ${step.unit}` : ""}`;
  return (
    <form onSubmit={submit} className="step__form" noValidate>
      <label htmlFor={id} className="visually-hidden">
        {step.title}
      </label>
      <output htmlFor={id} className="slider__value" aria-live="polite">
        {shown}
      </output>
      <input
        id={id}
        type="range"
        className="slider"
        min={step.min}
        max={step.max}
        step={step.step}
        value={value}
        aria-valuetext={shown}
        onChange={(e) => setValue(Number(e.target.value))}
      />
      <div className="slider__ends" aria-hidden="true">
        <span>{step.minLabel ?? step.min}</span>
        <span>{step.maxLabel ?? step.max}</span>
      </div>
      <Continue label={step.cta} busy={busy} onSkip={step.optional ? () => onAnswer(null) : undefined} />
    </form>
  );
}
