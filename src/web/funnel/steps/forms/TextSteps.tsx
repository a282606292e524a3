import { useId, useState, type FormEvent, type ReactNode } from "react";
import { NAME_MAX } from "#engine/flow/kinds/typed.ts";
import { Continue, FieldError } from "../Continue.tsx";
import { AccountEmail } from "./AccountEmail.tsx";
import { LegalText } from "./LegalText.tsx";
import type { StepProps } from "../types.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

type FieldProps = {
  label: string;
  initial: string;
  type: "text" | "email";
  autoComplete: string;
  placeholder?: string;
  maxLength: number;
  multiline?: boolean;
  check: (value: string) => string | null;
  onAnswer: (value: string) => void;
  cta?: string;
  busy?: boolean;
  serverError?: string | null;
  children?: ReactNode;
};

/** One labelled text field with its check; the error is tied to the field and announced. */
function TextField({ label, initial, type, autoComplete, placeholder, maxLength, multiline, check, onAnswer, cta, busy, serverError, children }: FieldProps) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  // A problem from the server belongs to what was sent: editing the field clears it.
  const [edited, setEdited] = useState(false);
  const id = useId();
  const shown = error ?? (edited ? null : serverError) ?? null;
  const change = (next: string) => {
    setValue(next);
    setEdited(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = check(value.trim());
    setError(problem);
    setEdited(false);
    if (!problem) onAnswer(value.trim());
  };
  const common = {
    id,
    className: "field__input",
    value,
    maxLength,
    placeholder,
    readOnly: busy,
    autoComplete,
    "aria-invalid": shown ? true : undefined,
    "aria-describedby": `${id}-error`,
  } as const;
  return (
    <form onSubmit={submit} className="step__form" noValidate>
      <div className="field">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {multiline ? (
          <textarea {...common} rows={4} onChange={(e) => change(e.target.value)} />
        ) : (
          <input
            {...common}
            type={type}
            inputMode={type === "email" ? "email" : undefined}
            spellCheck={type === "email" ? false : undefined}
            onChange={(e) => change(e.target.value)}
          />
        )}
        <FieldError id={`${id}-error`} message={shown} />
      </div>
      {children}
      <Continue label={cta} busy={busy} />
    </form>
  );
}

export function ShortTextStep({ step, answer, onAnswer, busy, error }: StepProps<"short_text">) {
  return (
    <TextField
      label={step.label}
      initial={typeof answer === "string" ? answer : ""}
      type="text"
      autoComplete="off"
      placeholder={step.placeholder}
      maxLength={step.maxLength}
      multiline={step.maxLength > 120}
      check={(v) => (!v && !step.optional ? "Please write a short answer, or a word or two." : null)}
      onAnswer={onAnswer}
      cta={step.cta}
      busy={busy}
      serverError={error}
    />
  );
}

/** The first name; a logged-in customer finds the one their account knows already written, and may change it. */
export function NameStep({ step, answer, onAnswer, busy, error, account }: StepProps<"name">) {
  const known = account?.firstName ?? "";
  return (
    <TextField
      // The login check may answer after the step is drawn: the field then starts again with the name.
      key={known}
      label={step.label}
      initial={typeof answer === "string" ? answer : known}
      type="text"
      autoComplete="given-name"
      placeholder={step.placeholder}
      maxLength={NAME_MAX}
      check={(v) => (!v && !step.optional ? "Please tell us your first name." : null)}
      onAnswer={onAnswer}
      cta={step.cta ?? (step.optional ? "Continue" : undefined)}
      busy={busy}
      serverError={error}
    />
  );
}

export function EmailStep({ step, answer, onAnswer, busy, error, account, onLogOut }: StepProps<"email">) {
  const [marketing, setMarketing] = useState(false);
  const consentId = useId();
  if (account) return <AccountEmail step={step} email={account.email} onAnswer={onAnswer} busy={busy} error={error} onLogOut={onLogOut} />;
  return (
    <TextField
      label={step.label}
      initial={typeof answer === "string" ? answer : ""}
      type="email"
      autoComplete="email"
      placeholder={step.placeholder}
      maxLength={254}
      check={(v) =>
        !v ? "Please enter your email address." : EMAIL.test(v) ? null : "That doesn’t look like an email address. Check for typos, e.g. name@example.com."
      }
      onAnswer={onAnswer}
      cta={step.cta}
      busy={busy}
      serverError={error}
    >
      {step.marketingConsent && (
        <label className="consent__option" htmlFor={consentId}>
          <input id={consentId} type="checkbox" checked={marketing} onChange={(e) => setMarketing(e.target.checked)} />
          <span>{step.marketingConsent}</span>
        </label>
      )}
      <p className="consent__text">
        <LegalText text={step.consent} />
      </p>
    </TextField>
  );
}
