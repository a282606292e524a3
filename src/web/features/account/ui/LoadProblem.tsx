import { Link, useLocation } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { ApiError } from "#web/shared/api/client.ts";
import { useT } from "#web/shared/catalog/index.ts";
import "./load-problem.css";

/** The call was refused because nobody is logged in (the session ended, or `?style=2` skipped the check). */
export const loggedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/** A call that failed (a report, a plan, a tool, the library…): log in again (401, e.g. the session ended), or try again. */
export function LoadProblem({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  const t = useT();
  const location = useLocation();
  if (loggedOut(error)) {
    return (
      <div className="account__callout" role="status">
        <p>{t("account.log_in_prompt")}</p>
        <Link to={paths.loginThenGo(`${location.pathname}${location.search}`)} className="button button--primary">
          {t("login.submit")}
        </Link>
      </div>
    );
  }
  return (
    <div className="message message--error" role="alert">
      We could not load {what} just now.{" "}
      <button type="button" className="button--text load-problem__retry" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
