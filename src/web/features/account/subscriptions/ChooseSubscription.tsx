import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { formatMoney } from "#web/shared/money/money.ts";
import { formatDate } from "#web/shared/dates/format-date.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { SubscriptionMissing } from "./SubscriptionMissing.tsx";
import { cancellable } from "./SubscriptionCard.tsx";
import { subscriptionsQueryOptions, type SubscriptionView } from "./subscriptions-api.ts";
import "./subscriptions.css";

const back = { to: paths.accountMyPlans, label: "My plans" };

/** `/account/profile/unsubscribe` without `sub_id`: the subscriptions that can still be cancelled, each one click from its cancel page. */
export function ChooseSubscription() {
  const subs = useQuery(subscriptionsQueryOptions());
  const open = subs.data?.filter(cancellable) ?? [];
  return (
    <AccountSubPage eyebrow="Cancel subscription" title="Which subscription do you want to cancel?" pageTitle="Cancel a subscription" back={back}>
      {subs.data === undefined ? (
        subs.isError ? (
          <SubscriptionMissing isError onRetry={() => void subs.refetch()} />
        ) : (
          <PageLoading label="Loading your plans…" />
        )
      ) : open.length === 0 ? (
        <div className="account__panel">
          <p>You have no subscription that renews, so there is nothing to cancel and nothing more will be charged.</p>
          <p>
            <Link to={paths.accountMyPlans}>See my plans</Link>
          </p>
        </div>
      ) : (
        <ul className="subs__list subs__choose">
          {open.map((s) => (
            <li key={s.id} className="account__panel">
              <h2 className="account__panel-title">{s.product_name}</h2>
              <p>{renewalLine(s)}</p>
              <p>
                <Link to={paths.accountUnsubscribeFor(s.id)} className="button button--secondary">
                  Cancel {s.product_name}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </AccountSubPage>
  );
}

function renewalLine(s: SubscriptionView): string {
  if (s.status === "paused" && s.paused_until) return `Paused until ${formatDate(s.paused_until)}.`;
  if (s.next_charge_amount !== null && s.next_charge_at)
    return `Next charge: ${formatMoney(s.next_charge_amount, s.currency)} on ${formatDate(s.next_charge_at)}.`;
  return `Access until ${formatDate(s.access_until)}.`;
}
