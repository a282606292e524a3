import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import "./login-to-read.css";

/**
 * The owner's report after its payment, or its plan's, was refunded (ADR 052): the full report and
 * its PDF are locked again, as the refund e-mail and the refund policy say; the free summary stays.
 */
export function ReportRefunded() {
  return (
    <div className="login-to-read" role="status">
      <h2 className="login-to-read__title">This report was refunded</h2>
      <p className="login-to-read__text">
        The payment for this report, or for the plan that included it, was refunded, so the full report and its PDF are locked again. Your free summary stays
        below.
      </p>
      <Link to={paths.pricing} className="button button--secondary">
        See the plans
      </Link>
    </div>
  );
}
