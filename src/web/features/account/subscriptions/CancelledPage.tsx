import { Link, useSearchParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { useAuth } from "#web/shared/auth/index.ts";
import { formatDate } from "#web/shared/dates/format-date.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { SubscriptionMissing } from "./SubscriptionMissing.tsx";
import { cancellable } from "./SubscriptionCard.tsx";
import { useSubscription } from "./subscriptions-api.ts";
import "./subscriptions.css";

/** The confirmation: the end date on screen, as in the e-mail the server sends. */
export function CancelledPage() {
  const [search] = useSearchParams();
  const subId = search.get("sub_id");
  const { subscription: s, isError, refetch } = useSubscription(subId);
  const { customer } = useAuth();
  const back = { to: paths.accountMyPlans, label: "My plans" };
  if (s === undefined)
    return (
      <AccountSubPage eyebrow="Cancel subscription" title="Your subscription" back={back}>
        {isError ? <SubscriptionMissing isError onRetry={() => void refetch()} /> : <PageLoading label="Loading your plan…" />}
      </AccountSubPage>
    );
  if (s === null)
    return (
      <AccountSubPage eyebrow="Cancel subscription" title="Your subscription" back={back}>
        <SubscriptionMissing isError={false} onRetry={() => void refetch()} />
      </AccountSubPage>
    );
  if (cancellable(s)) {
    return (
      <AccountSubPage eyebrow="Cancel subscription" title={`${s.product_name} is still active`} back={back}>
        <p className="account__panel">
          This subscription has not been cancelled. <Link to={paths.accountUnsubscribeFor(s.id)}>Cancel it</Link>
        </p>
      </AccountSubPage>
    );
  }
  const until = formatDate(s.access_until);
  return (
    <AccountSubPage eyebrow="Cancelled" title="Your subscription is cancelled" focusKey="cancelled">
      <section className="account__panel" aria-labelledby="cancelled-what">
        <h2 id="cancelled-what" className="account__panel-title">
          {s.product_name}
        </h2>
        <p className="subs__confirmation">You keep access until {until}. You won’t be charged again.</p>
        <p>
          We have emailed a confirmation{customer ? ` to ${customer.email}` : ""}. Your reports stay in your account, and you can log in to read them at any
          time.
        </p>
        <div className="subs__actions">
          <Link to={paths.account} className="button button--primary">
            Go to your account
          </Link>
          <Link to={paths.accountMyPlans} className="button button--secondary">
            My plans
          </Link>
        </div>
      </section>
    </AccountSubPage>
  );
}
