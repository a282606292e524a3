import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { useAuth } from "#web/shared/auth/AuthProvider.tsx";
import { useT } from "#web/shared/catalog/index.ts";
import { todaysPlanDay } from "../plans/plan-progress.ts";
import { myPlansQueryOptions } from "../plans/plans-api.ts";
import { reportListQueryOptions } from "../reports/reports-api.ts";
import { paidContentQueryOptions } from "./paid-content-api.ts";

/**
 * Where a locked account is sent, as the server's 403 `unlock` says (src/server/accounts/account-access.ts,
 * ADR 017): the plans on sale, whether no plan was ever bought or the last one has ended. The home
 * page asks for no locked item, so it has no 403 to read the link from.
 */
const UNLOCK = {
  no_plan: { href: paths.pricing, label: "See the plans" },
  plan_ended: { href: paths.pricing, label: "Choose a plan again" },
} as const;

/**
 * The one most useful thing to do next, in this order: finish the welcome, unlock the account's
 * content, continue today's plan day, take the career test, choose a plan. Nothing while the
 * answers are on their way, so the box does not change under the reader.
 */
export function NextStep() {
  const t = useT();
  const { customer } = useAuth();
  const paid = useQuery(paidContentQueryOptions());
  const reports = useQuery(reportListQueryOptions());
  const mine = useQuery(myPlansQueryOptions());

  if (customer && !customer.is_onboarded) {
    return <Callout text={t("account.onboarding_prompt")} to={paths.accountOnboardingStep(1)} label={t("account.onboarding_link")} />;
  }
  if (!paid.data || !reports.data || !mine.data) return null;
  if (!paid.data.has_access) {
    const unlock = UNLOCK[paid.data.subscriptions.length === 0 ? "no_plan" : "plan_ended"];
    return <Callout text={t("account.dashboard.next_locked")} to={unlock.href} label={unlock.label} />;
  }
  const today = todaysPlanDay(mine.data);
  if (today) {
    const number = String(today.number);
    return (
      <Callout
        text={t("account.dashboard.next_day").replace("{number}", number).replace("{plan}", today.plan.name)}
        to={paths.accountPlanDay(today.plan.code, today.day.id)}
        label={t("account.dashboard.next_day_link").replace("{number}", number)}
      />
    );
  }
  if (reports.data.length === 0) {
    return <Callout text={t("account.dashboard.next_report")} to={paths.careerQuiz} label={t("account.dashboard.next_report_link")} />;
  }
  return <Callout text={t("account.dashboard.next_plan")} to={paths.accountPlans} label={t("account.dashboard.next_plan_link")} />;
}

function Callout({ text, to, label }: { text: string; to: string; label: string }) {
  const t = useT();
  return (
    <section className="account__callout dashboard-next" aria-label={t("account.dashboard.next_title")}>
      <p>{text}</p>
      <Link to={to} className="button button--primary">
        {label}
      </Link>
    </section>
  );
}
