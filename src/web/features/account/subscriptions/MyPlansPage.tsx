import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { useT } from "#web/shared/catalog/index.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { SubscriptionMissing } from "./SubscriptionMissing.tsx";
import { SubscriptionCard } from "./SubscriptionCard.tsx";
import { subscriptionsQueryOptions } from "./subscriptions-api.ts";
import "./subscriptions.css";

/** `/account/profile/my-plans`: every subscription, with pause and cancel one click away. */
export function MyPlansPage() {
  const t = useT();
  const { data, isError, refetch } = useQuery(subscriptionsQueryOptions());
  return (
    <AccountSubPage
      eyebrow="Profile"
      title="My plans"
      back={{ to: paths.accountProfile, label: "Profile" }}
      intro="Your subscriptions, what they cost and when they renew. You can pause or cancel any of them here; cancelling takes effect straight away and you keep access until the end of the period you have paid for. A cancelled plan can be restarted here too."
    >
      {data === undefined ? (
        isError ? (
          <SubscriptionMissing isError onRetry={() => void refetch()} />
        ) : (
          <PageLoading label="Loading your plans…" />
        )
      ) : data.length === 0 ? (
        <section className="account__panel">
          <h2 className="account__panel-title">You have no subscriptions</h2>
          <p>Plans you buy after an assessment appear here, with their price and renewal date.</p>
          <p>
            <Link to={paths.careerQuiz}>Take the career test</Link>
          </p>
        </section>
      ) : (
        <div className="subs__list">
          {data.map((s) => (
            <SubscriptionCard key={s.id} subscription={s} />
          ))}
        </div>
      )}
      <p className="account__help">{t("account.help")}</p>
    </AccountSubPage>
  );
}
