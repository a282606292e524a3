import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import "./login-to-read.css";

/**
 * A paid report seen from a browser that is not logged in to the account that holds it (a
 * forwarded link, a shared computer, a payment for an existing account made while logged out):
 * it opens only after logging in (ADR 011), so the page says so instead of showing it.
 */
export function LoginToRead() {
  const here = typeof window === "undefined" ? paths.accountReports : `${window.location.pathname}${window.location.search}`;
  return (
    <div className="login-to-read" role="status">
      <h2 className="login-to-read__title">Your report is paid for and kept private</h2>
      <p className="login-to-read__text">
        This report is paid for and saved in the account of the email address it was bought with. To keep it private, it opens only when you are logged in to
        that account. The receipt we emailed there has a single-use login link; you can also ask for a new one on the login page.
      </p>
      <Link to={paths.loginThenGo(here)} className="button button--primary">
        Log in to read your report
      </Link>
    </div>
  );
}
