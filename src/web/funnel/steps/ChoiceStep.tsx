import { useId, useRef, useState, type CSSProperties, type FormEvent } from "react";
import { Continue, FieldError } from "./Continue.tsx";
import type { StepProps } from "./types.ts";

type Choice = { key: string; value: string | number; label: string; image?: { src: string; alt: string } };

/**
 * One answer from a list, as a real radio group. A pointer tap answers at once (after a short
 * visual confirmation); keyboard users move with the arrow keys and confirm with Continue.
 */
type RadioProps = {
  /** The question's step id: a choice picked belongs to its question, so the next one drawn in place starts unpicked. */
  question: string;
  choices: Choice[];
  selected: string | number | undefined;
  onAnswer: (v: string | number) => void;
  layout: "list" | "grid" | "scale";
  busy?: boolean;
  error?: string | null;
  /** Given when the question may be skipped. */
  onSkip?: () => void;
};

function RadioChoices({ question, choices, selected, onAnswer, layout, busy, error, onSkip }: RadioProps) {
  // The same elements show the next question of this kind (src/web/funnel/steps/registry.ts): each
  // question starts from its own saved answer, as a new component would.
  const [picked, setPicked] = useState({ question, value: selected });
  if (picked.question !== question) setPicked({ question, value: selected });
  const value = picked.question === question ? picked.value : selected;
  const pointer = useRef(false);
  const name = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value !== undefined) onAnswer(value);
  };
  return (
    <form onSubmit={submit} className="step__form" noValidate>
      <div
        role="radiogroup"
        aria-labelledby="step-title"
        aria-describedby={`${name}-error`}
        className={`choices choices--${layout}`}
        style={layout === "scale" ? ({ "--points": choices.length } as CSSProperties) : undefined}
      >
        {choices.map((choice) => (
          <label key={choice.key} className="choice" data-checked={value === choice.value || undefined} onPointerDown={() => (pointer.current = true)}>
            <input
              type="radio"
              name={name}
              className="choice__input"
              checked={value === choice.value}
              onChange={() => {
                setPicked({ question, value: choice.value });
                if (pointer.current && !busy) window.setTimeout(() => onAnswer(choice.value), 180);
                pointer.current = false;
              }}
            />
            {choice.image && <img className="choice__image" src={choice.image.src} alt={choice.image.alt} width={96} height={96} />}
            <span className="choice__label">{choice.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} message={error} />
      <Continue disabled={value === undefined} busy={busy} onSkip={onSkip} />
    </form>
  );
}

export function SingleChoiceStep({ step, answer, onAnswer, busy, error }: StepProps<"single_choice">) {
  // Keyed by place, not by option: the next question's choices take over the same elements (ADR 042).
  const choices = step.options.map((o, place) => ({ key: String(place), value: o.id, label: o.label, image: o.image }));
  return (
    <RadioChoices
      question={step.id}
      choices={choices}
      selected={typeof answer === "string" ? answer : undefined}
      onAnswer={onAnswer}
      layout={step.layout}
      busy={busy}
      error={error}
      onSkip={step.optional ? () => onAnswer(null) : undefined}
    />
  );
}

export function LikertStep({ step, answer, onAnswer, context, busy, error }: StepProps<"likert">) {
  const choices = context.answerSet.map((o) => ({ key: String(o.value), value: o.value, label: o.label }));
  return (
    <RadioChoices
      question={step.id}
      choices={choices}
      selected={typeof answer === "number" ? answer : undefined}
      onAnswer={onAnswer}
      layout="scale"
      busy={busy}
      error={error}
      onSkip={step.optional ? () => onAnswer(null) : undefined}
    />
  );
}
