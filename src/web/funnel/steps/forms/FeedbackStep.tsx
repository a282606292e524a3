import { useId, useState, type FormEvent } from "react";
import { Continue, FieldError } from "../Continue.tsx";
import type { StepProps } from "../types.ts";

const RATINGS = [
  { value: 1, label: "Not at all" },
  { value: 2, label: "A little" },
  { value: 3, label: "Somewhat" },
  { value: 4, label: "Very" },
  { value: 5, label: "Extremely" },
];

/** A 1–5 rating and an optional comment. */
export function FeedbackStep({ step, answer, onAnswer, busy }: StepProps<"feedback">) {
  const given = typeof answer === "object" && answer !== null && !Array.isArray(answer) ? answer : null;
  const [rating, setRating] = useState<number | null>(given?.rating ?? null);
  const [comment, setComment] = useState(given?.comment ?? "");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) return setError("Choose a rating from 1 to 5.");
    onAnswer(comment.trim() ? { rating, comment: comment.trim() } : { rating });
    setSent(true);
  };
  if (sent)
    return (
      <p className="step__thanks" role="status">
        Thank you. Your feedback helps us make Pathwise better.
      </p>
    );
  return (
    <form onSubmit={submit} className="step__form" noValidate>
      <fieldset className="choices choices--scale" aria-describedby={`${id}-error`}>
        <legend className="field__label">{step.question}</legend>
        {RATINGS.map((r) => (
          <label key={r.value} className="choice" data-checked={rating === r.value || undefined}>
            <input
              type="radio"
              name={`${id}-rating`}
              className="choice__input"
              checked={rating === r.value}
              onChange={() => {
                setRating(r.value);
                setError(null);
              }}
            />
            <span className="choice__label">
              {r.value} · {r.label}
            </span>
          </label>
        ))}
      </fieldset>
      <FieldError id={`${id}-error`} message={error} />
      <div className="field">
        <label htmlFor={`${id}-comment`} className="field__label">
          {step.commentLabel ?? "Anything you would like to add? (optional)"}
        </label>
        <textarea id={`${id}-comment`} className="field__input" rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
      </div>
      <Continue label={step.cta ?? "Send feedback"} busy={busy} />
    </form>
  );
}
