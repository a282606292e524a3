/** The one primary action of a step. */
export function Continue({ label, disabled, busy }: { label?: string; disabled?: boolean; busy?: boolean }) {
  return (
    <div className="step__actions">
      <button type="submit" className="button button--primary step__continue" disabled={disabled || busy} aria-busy={busy || undefined}>
        {busy ? "One moment…" : (label ?? "Continue")}
      </button>
    </div>
  );
}

/** A field's problem, announced to screen readers when it appears. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  return (
    <p id={id} className="step__error" role="alert">
      {message ?? ""}
    </p>
  );
}
