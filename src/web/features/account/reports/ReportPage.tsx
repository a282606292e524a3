import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { ApiError } from "#web/shared/api/client.ts";
import { useT } from "#web/shared/catalog/index.ts";
import { ReportDownload } from "#web/shared/report/ReportDownload.tsx";
import { reportFeedbackHref } from "#web/shared/report/feedback-href.ts";
import { ReportFeedbackLink } from "#web/shared/report/ReportFeedbackLink.tsx";
import { topicOfFlow } from "./topic-of-flow.ts";
import { Notice, ReportPageFrame, ReportSkeleton } from "./report-page-frame.tsx";
import { ReportView } from "#web/shared/report/ReportView.tsx";
import { loggedOut, LoadProblem } from "../ui/LoadProblem.tsx";
import { isPreparing, reportListQueryOptions, reportPdfUrl, reportQueryOptions } from "./reports-api.ts";
import { useFocusTitleWithin } from "../ui/use-focus-title.ts";

/**
 * `/account/reports/{prompt_code}`: the customer's latest ready report of that kind, with its PDF.
 * When there is none yet but one is being prepared, it says so and opens the report once ready.
 */
export function ReportPage() {
  const support = useT()("support.email");
  const promptCode = useParams().promptCode ?? "";
  const report = useQuery(reportQueryOptions(promptCode));
  const missing = report.error instanceof ApiError && report.error.status === 404;
  const refunded = report.error instanceof ApiError && report.error.code === "report_refunded";
  const list = useQuery({ ...reportListQueryOptions(), enabled: missing });
  const mine = list.data?.filter((r) => r.prompt_code === promptCode) ?? [];
  const preparing = mine.some((r) => isPreparing(r.status));
  const listedReady = mine.some((r) => r.status === "ready");
  const failed = mine.some((r) => r.status === "failed");
  const { refetch } = report;
  useEffect(() => {
    if (missing && listedReady) void refetch();
  }, [missing, listedReady, refetch]);

  const state = report.data
    ? "report"
    : refunded
      ? "refunded"
      : missing
        ? list.isPending
          ? "loading"
          : preparing
            ? "preparing"
            : failed
              ? "failed"
              : "missing"
        : report.error
          ? "error"
          : "loading";
  const title = useFocusTitleWithin(state);

  return (
    <ReportPageFrame>
      <div ref={title} className="report-page__body">
        {state === "report" && report.data ? (
          <>
            <title>{`${report.data.title} · Pathwise`}</title>
            <ReportView document={report.data} actions={<ReportDownload href={(paper) => reportPdfUrl(promptCode, paper)} />} />
            <ReportFeedbackLink href={reportFeedbackHref(topicOfFlow(report.data.flow_code), report.data.prompt_code)} />
          </>
        ) : state === "preparing" ? (
          <Notice title="Your report is being prepared" pageTitle="Report being prepared">
            <p role="status">It is usually ready within a minute. This page opens it by itself as soon as it is.</p>
          </Notice>
        ) : state === "failed" ? (
          <Notice title="Your report could not be prepared" pageTitle="Report not prepared">
            <p>
              Something went wrong while we prepared it. Write to <a href={`mailto:${support}`}>{support}</a> and we will put it right.
            </p>
          </Notice>
        ) : state === "refunded" ? (
          <Notice title="This report was refunded" pageTitle="Report refunded">
            <p>Its payment, or the payment of the plan that included it, was refunded, so the full report and its PDF are locked again.</p>
            <ToYourReports />
          </Notice>
        ) : state === "missing" ? (
          <Notice title="This report is not in your account" pageTitle="Report not found">
            <p>There is no report of this kind in your account. If you bought it with another email address, log in with that address to see it.</p>
            <ToYourReports />
          </Notice>
        ) : state === "error" ? (
          <Notice title={loggedOut(report.error) ? "Log in to see your report" : "We could not load your report"} pageTitle="Your report">
            <LoadProblem error={report.error} what="your report" onRetry={() => void refetch()} />
          </Notice>
        ) : (
          <>
            <title>Your report · Pathwise</title>
            <ReportSkeleton label="Loading your report…" />
          </>
        )}
      </div>
    </ReportPageFrame>
  );
}

/** The way on from a report that cannot be shown here: the customer's list. */
function ToYourReports() {
  return (
    <p>
      <Link to={paths.accountReports} className="button button--primary">
        See your reports
      </Link>
    </p>
  );
}
