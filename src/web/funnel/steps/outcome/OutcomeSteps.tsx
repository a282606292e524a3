import type { FormEvent } from "react";
import { LoginToRead } from "./LoginToRead.tsx";
import { ReportRefunded } from "./ReportRefunded.tsx";
import { Continue } from "../Continue.tsx";
import { ALTERNATE_RESULT_LAYOUT, type ResultLayout } from "#schemas/report/layout-ids.ts";
import { ReportLayoutView } from "#web/shared/report/ReportLayoutView.tsx";
import { ReportDownload } from "#web/shared/report/ReportDownload.tsx";
import { ReportFeedbackLink } from "#web/shared/report/ReportFeedbackLink.tsx";
import { sessionReportPdfUrl, type SessionReport } from "#web/shared/report/session-report.ts";
import { ScaleBars } from "./ScaleBars.tsx";
import type { StepProps } from "../types.ts";

const submitWith = (onAnswer: () => void) => (event: FormEvent) => {
  event.preventDefault();
  onAnswer();
};

function Paragraphs({ items }: { items: string[] }) {
  return items.length ? (
    <div className="step__body">
      {items.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  ) : null;
}

/**
 * The teaser before the e-mail and payment: the server's teaser of the report (the top area and
 * what it means, every other section locked) in the step's layout (`early`: the result page as it
 * will look, each locked section with what the pre-checkout promises for it), or the profile bars
 * when the flow has no report.
 */
export function SummaryStep({ step, context, onAnswer, busy }: StepProps<"summary">) {
  const scales = step.scales ? context.scales.filter((s) => step.scales!.includes(s.id)) : context.scales;
  const report = context.report;
  return (
    <form onSubmit={submitWith(() => onAnswer())} className="step__form">
      {report?.state === "ready" && report.view.document ? (
        <ReportLayoutView layout={step.layout} document={report.view.document} promises={context.promises} titleLevel={2} />
      ) : report?.state === "loading" ? (
        <p className="step__hint" role="status">
          Loading your result…
        </p>
      ) : (
        <ScaleBars scales={scales} />
      )}
      <Paragraphs items={step.body} />
      <Continue label={step.cta} busy={busy} />
    </form>
  );
}

/**
 * The result page: the full report once paid, with its PDF, in the step's layout (an experiment
 * variant may choose another; `?style=2` shows the alternate view); the teaser before payment; the
 * profile bars without a report.
 */
export function ResultStep({ step, context }: StepProps<"result">) {
  const report = context.report;
  const layout = context.alternateView ? ALTERNATE_RESULT_LAYOUT : step.layout;
  // The step's words speak of the report shown; a report that needs a login is not shown.
  const locked = report?.state === "ready" && (report.view.access === "login_required" || report.view.access === "refunded");
  return (
    <div className="step__form">
      {!locked && <Paragraphs items={step.body} />}
      {report?.state === "ready" ? (
        <ResultReport sessionId={report.sessionId} view={report.view} layout={layout} feedbackHref={context.feedbackHref} />
      ) : report?.state === "loading" ? (
        <p className="step__hint" role="status">
          Loading your report…
        </p>
      ) : (
        context.scales.length > 0 && <ScaleBars scales={context.scales} />
      )}
    </div>
  );
}

function ResultReport({ sessionId, view, layout, feedbackHref }: { sessionId: string; view: SessionReport; layout: ResultLayout; feedbackHref?: string }) {
  if (view.access === "login_required") {
    return (
      <>
        <LoginToRead />
        {view.document && <ReportLayoutView layout="teaser" document={view.document} titleLevel={2} />}
      </>
    );
  }
  if (view.access === "refunded") {
    return (
      <>
        <ReportRefunded />
        {view.document && <ReportLayoutView layout="teaser" document={view.document} titleLevel={2} />}
      </>
    );
  }
  if (view.access === "teaser") return view.document ? <ReportLayoutView layout="teaser" document={view.document} titleLevel={2} /> : null;
  if (view.status === "failed") {
    return (
      <p className="step__error" role="alert">
        We could not prepare your report. We have been told and will e-mail you when it is ready; you can also find it in your account.
      </p>
    );
  }
  if (!view.document) {
    return (
      <p className="step__hint" role="status">
        Preparing your personal report… This takes a few seconds.
      </p>
    );
  }
  return (
    <>
      <ReportLayoutView
        layout={layout}
        document={view.document}
        actions={<ReportDownload href={(paper) => sessionReportPdfUrl(sessionId, paper)} />}
        titleLevel={2}
      />
      {feedbackHref && <ReportFeedbackLink href={feedbackHref} />}
    </>
  );
}
