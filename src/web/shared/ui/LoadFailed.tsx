import "./LoadFailed.css";

/** A read that failed, said plainly, with Try again beside it (announced as an alert). */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="message message--error load-failed" role="alert">
      We could not load {what} just now. Check your connection and{" "}
      <button type="button" className="button--text load-failed__retry" onClick={onRetry}>
        try again
      </button>
      .
    </div>
  );
}
