import { useState } from "react";
import { Link } from "react-router-dom";
import { ApiError } from "#web/shared/api/client.ts";
import { formatMoney } from "#web/shared/money/money.ts";
import { formatDate } from "#web/shared/dates/format-date.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { newIntent, restartSubscription, startPlanCheckout, useStoreSubscription, type SubscriptionView } from "./subscriptions-api.ts";
import "./subscriptions.css";

/** A cancelled plan with paid time left can be restarted as it was; otherwise the plan is bought again. */
const restartable = (s: SubscriptionView, now = Date.now()) => s.status === "cancelled" && new Date(s.access_until).getTime() > now;

/**
 * The way back for a plan that no longer renews: Restart (no charge now, renewals from the end of
 * the paid period) while paid time is left, or Start again (a new checkout at today's price).
 */
export function RestartActions({ subscription: s, onRestarted }: { subscription: SubscriptionView; onRestarted: (message: string) => void }) {
  const store = useStoreSubscription();
  const [intent] = useState(newIntent);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; pricing?: boolean } | null>(null);

  async function restart() {
    setBusy(true);
    setError(null);
    try {
      const after = await restartSubscription(s.id, intent);
      onRestarted(
        after.next_charge_amount !== null && after.next_charge_at
          ? `${s.product_name} is running again. Nothing is charged today; the next charge is ${formatMoney(after.next_charge_amount, after.currency)} on ${formatDate(after.next_charge_at)}.`
          : `${s.product_name} is running again.`,
      );
      store(after);
    } catch (e) {
      setError({
        text:
          e instanceof ApiError && e.code === "plan_ended" ? e.message : "We could not restart your plan just now, and nothing has changed. Please try again.",
      });
    } finally {
      setBusy(false);
    }
  }

  async function buyAgain() {
    setBusy(true);
    setError(null);
    try {
      const { url } = await startPlanCheckout(s.product_id);
      window.location.assign(url);
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiError && e.status === 404) setError({ text: `${s.product_name} is no longer sold.`, pricing: true });
      else if (e instanceof ApiError && e.status === 409) setError({ text: e.message });
      else setError({ text: "We could not start the checkout just now. Please try again." });
    }
  }

  return (
    <div className="sub-card__restart">
      <div role="alert" className={error ? "message message--error" : "live-region"}>
        {error ? (
          <>
            {error.text} {error.pricing ? <Link to={paths.pricing}>See the plans on sale</Link> : null}
          </>
        ) : null}
      </div>
      {restartable(s) ? (
        <>
          <p className="sub-card__hint">Restart it before {formatDate(s.access_until)} and nothing is charged until then.</p>
          <div className="sub-card__actions">
            <button type="button" className="button button--primary" onClick={() => void restart()} disabled={busy} aria-busy={busy || undefined}>
              {busy ? "Restarting…" : "Restart"}
              <span className="visually-hidden"> {s.product_name}</span>
            </button>
          </div>
        </>
      ) : (
        <div className="sub-card__actions">
          <button type="button" className="button button--secondary" onClick={() => void buyAgain()} disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Opening the checkout…" : "Start again"}
            <span className="visually-hidden"> {s.product_name}</span>
          </button>
        </div>
      )}
    </div>
  );
}
