import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { useT } from "#web/shared/catalog/index.ts";
import { formatDate } from "#web/shared/dates/format-date.ts";
import { LoadProblem } from "../ui/LoadProblem.tsx";
import { DashboardCard } from "./DashboardCard.tsx";
import { paidContentQueryOptions, type PaidContent } from "./paid-content-api.ts";

type Subscription = PaidContent["subscriptions"][number];

/** The subscription that matters now: one that gives access, else the newest (the API lists oldest first). */
function current(paid: PaidContent): Subscription | null {
  const newestFirst = [...paid.subscriptions].reverse();
  if (paid.has_access) return newestFirst.find((s) => s.status === "active") ?? newestFirst.find((s) => s.status === "paused") ?? newestFirst[0] ?? null;
  return newestFirst[0] ?? null;
}

/** One sentence: the plan, its state and the date that matters. */
function subscriptionSentence(s: Subscription, hasAccess: boolean): string {
  switch (s.status) {
    case "active":
      return `${s.product_name}: active${s.next_charge_at ? `, renews on ${formatDate(s.next_charge_at)}` : ""}.`;
    case "paused":
      return `${s.product_name}: paused${s.paused_until ? ` until ${formatDate(s.paused_until)}` : ""}.`;
    case "past_due":
      return `${s.product_name}: the last payment did not go through, so plans, articles and tools are locked until it does.`;
    case "cancelled":
      return hasAccess
        ? `${s.product_name}: cancelled, with access until ${formatDate(s.access_until)}.`
        : `${s.product_name}: ended on ${formatDate(s.access_until)}.`;
    case "ended":
      return `${s.product_name}: ended on ${formatDate(s.access_until)}.`;
  }
}

/** The subscription's status in one line, with a link to My plans. */
export function SubscriptionLine() {
  const t = useT();
  const paid = useQuery(paidContentQueryOptions());
  const sub = paid.data ? current(paid.data) : null;
  return (
    <DashboardCard id="dashboard-subscription" title={t("account.dashboard.subscription_title")} loading={paid.isPending && !paid.error}>
      {paid.error ? (
        <LoadProblem error={paid.error} what="your subscription" onRetry={() => void paid.refetch()} />
      ) : (
        <>
          <p>{sub && paid.data ? subscriptionSentence(sub, paid.data.has_access) : t("account.dashboard.subscription_none")}</p>
          <p>
            <Link to={paths.accountMyPlans}>{t("account.dashboard.my_plans_link")}</Link>
          </p>
        </>
      )}
    </DashboardCard>
  );
}
