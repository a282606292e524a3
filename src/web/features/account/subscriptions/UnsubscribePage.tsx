import { Link, useSearchParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { formatMoney } from "#web/shared/money/money.ts";
import { formatDate } from "#web/shared/dates/format-date.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { SubscriptionMissing } from "./SubscriptionMissing.tsx";
import { ChooseSubscription } from "./ChooseSubscription.tsx";
import { cancellable } from "./SubscriptionCard.tsx";
import { useSubscription } from "./subscriptions-api.ts";
import { useCancel } from "./use-cancel.ts";
import "./subscriptions.css";

/**
 * `/account/profile/unsubscribe?sub_id=`: what cancelling means, in plain words, with "Cancel now"
 * right there (two clicks from the profile) and the optional reasons page one step aside.
 */
export function UnsubscribePage() {
  const [search] = useSearchParams();
  const subId = search.get("sub_id");
  return subId ? <CancelOne subId={subId} /> : <ChooseSubscription />;
}

function CancelOne({ subId }: { subId: string }) {
  const { subscription: s, isError, refetch } = useSubscription(subId);
  const { cancel, busy, error } = useCancel(subId);
  const back = { to: paths.accountMyPlans, label: "My plans" };
  if (s === undefined)
    return (
      <AccountSubPage eyebrow="Cancel subscription" title="Cancel your subscription" back={back}>
        {isError ? <SubscriptionMissing isError onRetry={() => void refetch()} /> : <PageLoading label="Loading your plan…" />}
      </AccountSubPage>
    );
  if (s === null)
    return (
      <AccountSubPage eyebrow="Cancel subscription" title="Cancel your subscription" back={back}>
        <SubscriptionMissing isError={false} onRetry={() => void refetch()} />
      </AccountSubPage>
    );
  if (!cancellable(s)) {
    return (
      <AccountSubPage eyebrow="Cancel subscription" title={`${s.product_name} is already cancelled`} back={back}>
        <p className="account__panel">You will not be charged again. You keep access until {formatDate(s.access_until)}.</p>
      </AccountSubPage>
    );
  }
  return (
    <AccountSubPage eyebrow="Cancel subscription" title={`Cancel ${s.product_name}`} back={back}>
      <section className="account__panel" aria-labelledby="cancel-means">
        <h2 id="cancel-means" className="account__panel-title">
          What happens when you cancel
        </h2>
        <ul className="account__list subs__means">
          <li>You keep full access until {formatDate(s.access_until)}, the end of the period you have paid for.</li>
          <li>
            You will not be charged again
            {s.next_charge_amount !== null && s.next_charge_at
              ? `: the ${formatMoney(s.next_charge_amount, s.currency)} charge on ${formatDate(s.next_charge_at)} will not happen`
              : ""}
            .
          </li>
          <li>Your reports stay in your account, and you can still log in to read them.</li>
          <li>We email you a confirmation straight away.</li>
        </ul>
      </section>
      <p className="message message--error" role="alert">
        {error ?? ""}
      </p>
      <div className="subs__actions">
        <button type="button" className="button button--primary" onClick={() => void cancel(null)} disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Cancelling…" : "Cancel now"}
        </button>
        <Link to={paths.accountUnsubscribeReasonsFor(s.id)} className="button button--secondary">
          Tell us why first
        </Link>
        <Link to={paths.accountMyPlans} className="button button--text">
          Keep my subscription
        </Link>
      </div>
    </AccountSubPage>
  );
}
