import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { useT } from "#web/shared/catalog/index.ts";
import { formatDate } from "#web/shared/dates/format-date.ts";
import { LoadProblem } from "../ui/LoadProblem.tsx";
import { isPreparing, reportListQueryOptions } from "../reports/reports-api.ts";
import { DashboardCard } from "./DashboardCard.tsx";

/** The newest report: a link to it (or its status while it is prepared), or the test to take. */
export function LatestReportCard() {
  const t = useT();
  const reports = useQuery(reportListQueryOptions());
  const latest = reports.data?.[0];
  return (
    <DashboardCard id="dashboard-report" title={t("account.dashboard.report_title")} loading={reports.isPending && !reports.error}>
      {reports.error ? (
        <LoadProblem error={reports.error} what="your reports" onRetry={() => void reports.refetch()} />
      ) : !latest ? (
        <>
          <p>{t("account.dashboard.report_none")}</p>
          <p>
            <Link to={paths.careerQuiz}>{t("account.dashboard.report_take")}</Link>
          </p>
        </>
      ) : (
        <>
          <p className="dashboard-card__lead">
            {latest.status === "ready" ? (
              <Link to={paths.accountReport(latest.prompt_code)}>{latest.title ?? "Your personal report"}</Link>
            ) : (
              (latest.title ?? "Your personal report")
            )}
          </p>
          <p className="dashboard-card__meta" role="status">
            {latest.status === "ready" && latest.ready_at
              ? `Prepared on ${formatDate(latest.ready_at)}`
              : isPreparing(latest.status)
                ? t("account.dashboard.report_preparing")
                : t("account.dashboard.report_failed")}
          </p>
          <p>
            <Link to={paths.accountReports}>{t("account.dashboard.report_all")}</Link>
          </p>
        </>
      )}
    </DashboardCard>
  );
}
