import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { useAuth } from "#web/shared/auth/index.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { BillingHistory } from "./billing/BillingHistory.tsx";
import { SubscriptionMissing } from "./subscriptions/SubscriptionMissing.tsx";
import { AccountSubPage } from "./ui/AccountSubPage.tsx";
import { SubscriptionCard } from "./subscriptions/SubscriptionCard.tsx";
import { subscriptionsQueryOptions } from "./subscriptions/subscriptions-api.ts";

/**
 * `/account/profile`: who is logged in, the subscriptions with their pause and cancel links
 * (cancelled in two clicks from here: Cancel subscription, Cancel now), the billing history with a
 * receipt for every charge and refund, login settings and the legal pages.
 */
export function ProfilePage() {
  const { customer } = useAuth();
  const subs = useQuery(subscriptionsQueryOptions());
  return (
    <AccountSubPage eyebrow="Your account" title="Profile" back={{ to: paths.account, label: "Account" }}>
      <section className="account__panel" aria-labelledby="profile-details">
        <h2 id="profile-details" className="account__panel-title">
          Your details
        </h2>
        <dl className="subs__details">
          <dt>Email address</dt>
          <dd>{customer?.email ?? "Not logged in"}</dd>
          <dt>Password</dt>
          <dd>Log in with your password or with a link we email you.</dd>
        </dl>
        <p>
          <Link to={paths.accountSettings}>Account settings</Link>: change your password or email address, choose which emails you get, download your data or
          delete your account.
        </p>
      </section>

      <section className="subs__section" aria-labelledby="profile-plans">
        <div className="subs__section-head">
          <h2 id="profile-plans" className="account__panel-title">
            Your subscriptions
          </h2>
          <Link to={paths.accountMyPlans}>My plans</Link>
        </div>
        {subs.data === undefined ? (
          subs.isError ? (
            <SubscriptionMissing isError onRetry={() => void subs.refetch()} />
          ) : (
            <PageLoading label="Loading your plans…" />
          )
        ) : subs.data.length === 0 ? (
          <p className="account__panel">You have no subscriptions. Plans you buy after an assessment appear here.</p>
        ) : (
          <div className="subs__list">
            {subs.data.map((s) => (
              <SubscriptionCard key={s.id} subscription={s} headingLevel={3} />
            ))}
          </div>
        )}
      </section>

      <BillingHistory />

      <section className="account__panel" aria-labelledby="profile-legal">
        <h2 id="profile-legal" className="account__panel-title">
          Terms and privacy
        </h2>
        <ul className="subs__links">
          <li>
            <Link to={paths.accountTermsOfService}>Terms of service</Link>
          </li>
          <li>
            <Link to={paths.accountPrivacyPolicy}>Privacy policy</Link>
          </li>
          <li>
            <Link to={paths.accountPrivacyChoices}>Privacy choices</Link>: analytics and marketing, on or off
          </li>
          <li>
            <Link to={paths.refundPolicy}>Refund policy</Link>
          </li>
        </ul>
      </section>
    </AccountSubPage>
  );
}
