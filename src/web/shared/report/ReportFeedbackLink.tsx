import { Link } from "react-router-dom";
import { flowSummaries } from "virtual:flows";
import type { ReportDocument } from "../../../../schemas/report/document.ts";
import { FEEDBACK_FORMS, feedbackPath, type FeedbackForm } from "../../../../schemas/pages/feedback-forms.ts";
import "./report-feedback.css";

/** The feedback page for a report: its topic's own page when there is one, else the general one, naming the report. */
export function reportFeedbackHref(document: Pick<ReportDocument, "flow_code" | "prompt_code">): string {
  const topic = flowSummaries.find((f) => f.code === document.flow_code)?.topic;
  const form: FeedbackForm = (FEEDBACK_FORMS as readonly string[]).includes(topic ?? "") ? (topic as FeedbackForm) : "general";
  return `${feedbackPath(form)}?${new URLSearchParams({ report: document.prompt_code })}`;
}

/** Under a customer's own report: the way to say how useful it was. */
export function ReportFeedbackLink({ document }: { document: Pick<ReportDocument, "flow_code" | "prompt_code"> }) {
  return (
    <p className="report-feedback">
      How useful was this report? <Link to={reportFeedbackHref(document)}>Tell us in under a minute</Link>
    </p>
  );
}
