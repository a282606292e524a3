import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { ReportDownload } from "#web/shared/report/ReportDownload.tsx";
import { Notice, ReportPageFrame, ReportSkeleton } from "./report-page-frame.tsx";
import { ReportView } from "#web/shared/report/ReportView.tsx";
import { LoadProblem } from "../ui/LoadProblem.tsx";
import { EXAMPLE_REPORT_CODE, examplePdfUrl, exampleReportQueryOptions } from "./reports-api.ts";
import { useFocusTitleWithin } from "../ui/use-focus-title.ts";

/**
 * `/account/reports/example_prompt`: the career report for an imagined profile, for people who
 * have none yet, said to be an example before it starts, with its PDF and the way to one's own.
 */
export function ExampleReportPage() {
  const example = useQuery(exampleReportQueryOptions(EXAMPLE_REPORT_CODE));
  // The API's cache-buster for the download, fixed for this visit.
  const [ts] = useState(() => Date.now());
  const title = useFocusTitleWithin(example.data ? "report" : example.status);
  return (
    <ReportPageFrame>
      <title>{example.data ? `Example: ${example.data.title} · Pathwise` : "Example report · Pathwise"}</title>
      <aside className="report-example" aria-label="About this example">
        <p>
          <strong>This is an example for an imagined profile.</strong> <Link to={paths.careerQuiz}>Take the test</Link> to get your own.
        </p>
      </aside>
      <div ref={title} className="report-page__body">
        {example.data ? (
          <ReportView document={example.data} actions={<ReportDownload href={(paper) => examplePdfUrl(EXAMPLE_REPORT_CODE, paper, ts)} />} />
        ) : example.error ? (
          <Notice title="We could not load the example report" pageTitle="Example report">
            <LoadProblem error={example.error} what="the example report" onRetry={() => void example.refetch()} />
          </Notice>
        ) : (
          <ReportSkeleton label="Loading the example report…" />
        )}
      </div>
    </ReportPageFrame>
  );
}
