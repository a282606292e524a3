import "./subscriptions.css";

/** Loading, failure and not-found states shared by the subscription pages. */
export function SubscriptionMissing({ isError, onRetry }: { isError: boolean; onRetry: () => void }) {
  return isError ? (
    <div className="message message--error" role="alert">
      We could not load your subscriptions just now.{" "}
      <button type="button" className="button--text subs__inline-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  ) : (
    <p className="account__panel" role="status">
      We could not find this subscription in your account. It may belong to another login.
    </p>
  );
}
