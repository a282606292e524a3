/** The one primary action of a step, and the way past it when the author made the question optional. */
export function Continue({ label, disabled, busy, onSkip }: { label?: string; disabled?: boolean; busy?: boolean; onSkip?: () => void }) {
  return (
    <div className="step__actions">
      <button type="submit" className="button button--primary step__continue" disabled={disabled || busy} aria-busy={busy || undefined}>
        {busy ? "One moment…" : (label ?? "Continue")}
      </button>
      {onSkip && (
        <button type="button" className="step__skip" onClick={onSkip} disabled={busy}>
          Skip this question
        </button>
      )}
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
