import { useState, type FormEvent } from "react";
import { Continue, FieldError } from "./Continue.tsx";
import type { StepProps } from "./types.ts";

/** Several answers, as a real checkbox group with limits explained and checked. */
export function MultipleChoiceStep({ step, answer, onAnswer, busy }: StepProps<"multiple_choice">) {
  const [chosen, setChosen] = useState<string[]>(Array.isArray(answer) ? answer : []);
  const [error, setError] = useState<string | null>(null);
  const max = step.max ?? step.options.length;
  const hint = step.min > 1 || step.max ? `Choose ${step.min === max ? step.min : `${step.min}–${max}`}` : "Choose all that apply";
  const toggle = (id: string) => {
    setError(null);
    setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : c.length >= max ? c : [...c, id]));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length < step.min) return setError(step.min === 1 ? "Choose at least one answer." : `Choose at least ${step.min} answers.`);
    onAnswer(step.options.filter((o) => chosen.includes(o.id)).map((o) => o.id));
  };
  return (
    <form onSubmit={submit} className="step__form" noValidate>
      <fieldset className="choices choices--list" aria-labelledby="step-title" aria-describedby="step-hint step-error">
        <p id="step-hint" className="step__hint">
          {hint}
        </p>
        {step.options.map((o) => (
          <label key={o.id} className="choice choice--check" data-checked={chosen.includes(o.id) || undefined}>
            <input
              type="checkbox"
              className="choice__input"
              checked={chosen.includes(o.id)}
              onChange={() => toggle(o.id)}
              disabled={!chosen.includes(o.id) && chosen.length >= max}
            />
            <span className="choice__label">{o.label}</span>
          </label>
        ))}
      </fieldset>
      <FieldError id="step-error" message={error} />
      <Continue label={step.cta} busy={busy} />
    </form>
  );
}
