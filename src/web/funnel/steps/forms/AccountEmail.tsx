import { useId, type FormEvent } from "react";
import { Continue, FieldError } from "../Continue.tsx";
import { LegalText } from "./LegalText.tsx";
import type { StepProps } from "../types.ts";
import "./account-email.css";

type Props = Pick<StepProps<"email">, "step" | "onAnswer" | "busy" | "error" | "onLogOut"> & { email: string };

/**
 * The e-mail step for a logged-in customer: their own address, read-only — the report, the receipt
 * and the "continue" link go to their account, and a funnel never makes them a second one
 * (ADR 011). "Not you? Log out" logs out, and the runner goes on as a new visitor.
 */
export function AccountEmail({ step, email, onAnswer, busy, error, onLogOut }: Props) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAnswer(email);
  };
  return (
    <form onSubmit={submit} className="step__form" noValidate>
      <div className="field">
        <label htmlFor={id} className="field__label">
          {step.label}
        </label>
        <input id={id} className="field__input" type="email" value={email} readOnly aria-describedby={`${id}-who ${id}-error`} />
        <p id={`${id}-who`} className="account-email__who">
          You are logged in, so your result is saved in your account.{" "}
          {onLogOut && (
            <>
              Not you?{" "}
              <button type="button" className="account-email__logout" onClick={onLogOut} disabled={busy}>
                Log out
              </button>
            </>
          )}
        </p>
        <FieldError id={`${id}-error`} message={error ?? null} />
      </div>
      <p className="consent__text">
        <LegalText text={step.consent} />
      </p>
      <Continue label={step.cta} busy={busy} />
    </form>
  );
}
