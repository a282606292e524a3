import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { useT } from "#web/shared/catalog/index.ts";
import { formatDate } from "#web/shared/dates/format-date.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { LoadProblem } from "../ui/LoadProblem.tsx";
import { isPreparing, reportListQueryOptions, type ReportListItem } from "./reports-api.ts";
import "./reports.css";

/** `/account/reports`: the customer's reports, newest first, each ready one a link; updates itself while one is being prepared. */
export function ReportsPage() {
  const t = useT();
  const { data, error, refetch } = useQuery(reportListQueryOptions());
  return (
    <AccountSubPage
      eyebrow="Your account"
      title="Your reports"
      back={{ to: paths.account, label: "Account" }}
      intro="Every personal report in your account, bought or included in your plan, newest first. Read them here or download them as PDF, as often as you like."
    >
      {data === undefined ? (
        error ? (
          <LoadProblem error={error} what="your reports" onRetry={() => void refetch()} />
        ) : (
          <PageLoading label="Loading your reports…" />
        )
      ) : data.length === 0 ? (
        <NoReports />
      ) : (
        <ReportList reports={data} />
      )}
      <p className="account__help">{t("account.help")}</p>
    </AccountSubPage>
  );
}

function NoReports() {
  return (
    <section className="account__panel reports__empty" aria-labelledby="reports-empty-title">
      <h2 id="reports-empty-title" className="account__panel-title">
        You have no reports yet
      </h2>
      <p>
        A report is written for you from your answers when you take an assessment and unlock your results. It explains each of your areas, matches you with
        professions and suggests first steps.
      </p>
      <div className="reports__empty-actions">
        <Link to={paths.careerQuiz} className="button button--primary">
          Take the career test
        </Link>
        <Link to={paths.accountExampleReport} className="button button--secondary">
          See an example report
        </Link>
      </div>
    </section>
  );
}

/** The report each kind's page opens: the newest ready one of that kind (what the server serves). */
function openedReports(reports: ReportListItem[]): Set<string> {
  const newest = new Map<string, ReportListItem>();
  for (const r of reports) {
    if (r.status !== "ready" || r.refunded) continue;
    const seen = newest.get(r.prompt_code);
    if (!seen || (r.ready_at ?? "") > (seen.ready_at ?? "")) newest.set(r.prompt_code, r);
  }
  return new Set([...newest.values()].map((r) => r.session_id));
}

function ReportList({ reports }: { reports: ReportListItem[] }) {
  const opened = openedReports(reports);
  return (
    <ol className="reports__list" aria-label="Your reports">
      {reports.map((report) => (
        <ReportRow key={report.session_id} report={report} opens={opened.has(report.session_id)} />
      ))}
    </ol>
  );
}

function ReportRow({ report, opens }: { report: ReportListItem; opens: boolean }) {
  const title = report.title ?? "Your personal report";
  const readyAt = report.status === "ready" ? report.ready_at : null;
  // A refunded report keeps its row (and its date), without a link: it is no longer served (ADR 052).
  return (
    <li className="report-row" data-status={report.refunded ? "refunded" : report.status}>
      <div className="report-row__main">
        <h2 className="report-row__title">{opens ? <Link to={paths.accountReport(report.prompt_code)}>{title}</Link> : title}</h2>
        <p className="report-row__date">
          {readyAt ? "Prepared on " : "Requested on "}
          <time dateTime={readyAt ?? report.created_at}>{formatDate(readyAt ?? report.created_at)}</time>
        </p>
      </div>
      <ReportRowStatus report={report} opens={opens} />
    </li>
  );
}

/** The status in words; a live region, so "Being prepared" turning into "Ready" is announced. */
function ReportRowStatus({ report, opens }: { report: ReportListItem; opens: boolean }) {
  const t = useT();
  const support = t("support.email");
  return (
    <div className="report-row__status" role="status">
      {report.refunded ? (
        <>
          <span className="report-row__badge">Refunded</span>
          <span className="report-row__note">Its payment was refunded, so this report is locked again.</span>
        </>
      ) : isPreparing(report.status) ? (
        <>
          <span className="report-row__badge">
            <span className="report-row__pulse" aria-hidden="true" />
            Being prepared
          </span>
          <span className="report-row__note">This page updates by itself when it is ready.</span>
        </>
      ) : report.status === "ready" ? (
        <>
          <span className="report-row__badge">Ready</span>
          {!opens && <span className="report-row__note">Replaced by your newer report of this kind.</span>}
        </>
      ) : (
        <>
          <span className="report-row__badge">Could not be prepared</span>
          <span className="report-row__note">
            Write to <a href={`mailto:${support}`}>{support}</a> and we will put it right.
          </span>
        </>
      )}
    </div>
  );
}
