import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { useT } from "#web/shared/catalog/index.ts";
import { LoadProblem } from "../ui/LoadProblem.tsx";
import { todaysPlanDay } from "../plans/plan-progress.ts";
import { PlanProgress } from "../plans/PlanProgress.tsx";
import { myPlansQueryOptions } from "../plans/plans-api.ts";
import { DashboardCard } from "./DashboardCard.tsx";

/** Today's plan day (ADR 020): the next unfinished day of the first unfinished plan, linked; else a plan to take. */
export function TodaysPlanCard() {
  const t = useT();
  const mine = useQuery(myPlansQueryOptions());
  const today = mine.data ? todaysPlanDay(mine.data) : null;
  return (
    <DashboardCard id="dashboard-plan" title={t("account.dashboard.plan_title")} loading={mine.isPending && !mine.error}>
      {mine.error ? (
        <LoadProblem error={mine.error} what="your plans" onRetry={() => void mine.refetch()} />
      ) : today ? (
        <>
          <p className="dashboard-card__meta">{today.plan.name}</p>
          <p className="dashboard-card__lead">
            <Link to={paths.accountPlanDay(today.plan.code, today.day.id)}>
              Day {today.number}: {today.day.title}
            </Link>
          </p>
          <PlanProgress plan={today.plan} />
        </>
      ) : (
        <>
          <p>{t(mine.data && mine.data.length > 0 ? "account.dashboard.plan_finished" : "account.dashboard.plan_none")}</p>
          <p>
            <Link to={paths.accountPlans}>{t("account.dashboard.plan_browse")}</Link>
          </p>
        </>
      )}
    </DashboardCard>
  );
}
