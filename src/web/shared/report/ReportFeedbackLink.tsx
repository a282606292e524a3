import { Link } from "react-router-dom";
import "./report-feedback.css";

/** Under a customer's own report: the way to say how useful it was. */
export function ReportFeedbackLink({ href }: { href: string }) {
  return (
    <p className="report-feedback">
      How useful was this report? <Link to={href}>Tell us in under a minute</Link>
    </p>
  );
}
