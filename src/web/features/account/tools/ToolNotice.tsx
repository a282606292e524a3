import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { loggedOut, LoadProblem } from "../ui/LoadProblem.tsx";
import { PageNotice } from "../ui/PageNotice.tsx";

/** No tool has the name in the address. */
export function ToolMissing() {
  return (
    <PageNotice title="We could not find this tool" pageTitle="Tool not found">
      <p>It may have been renamed or taken out of the list. Every tool you can use is on the tools page.</p>
      <p>
        <Link to={paths.accountTools} className="button button--primary">
          Back to all tools
        </Link>
      </p>
    </PageNotice>
  );
}

/** A call that failed: log in again (401) or try again. */
export function ToolProblem({ error, retry, pageTitle }: { error: unknown; retry: () => void; pageTitle: string }) {
  return (
    <PageNotice title={loggedOut(error) ? "Log in to use this tool" : "We could not load this tool"} pageTitle={pageTitle}>
      <LoadProblem error={error} what="this tool" onRetry={retry} />
    </PageNotice>
  );
}
