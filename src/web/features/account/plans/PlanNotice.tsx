import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { LoadProblem, loggedOut } from "../ui/LoadProblem.tsx";
import { PageNotice } from "../ui/PageNotice.tsx";

/** No plan has the code in the address. */
export function PlanMissing() {
  return (
    <PageNotice title="We could not find this plan" pageTitle="Plan not found">
      <p>It may have been renamed or taken out of the list. Every plan you can take is on the plans page.</p>
      <p>
        <Link to={paths.accountPlans} className="button button--primary">
          Back to all plans
        </Link>
      </p>
    </PageNotice>
  );
}

/** A call that failed: log in again (401) or try again. */
export function PlanProblem({ error, retry, pageTitle }: { error: unknown; retry: () => void; pageTitle: string }) {
  return (
    <PageNotice title={loggedOut(error) ? "Log in to see this plan" : "We could not load this plan"} pageTitle={pageTitle}>
      <LoadProblem error={error} what="this plan" onRetry={retry} />
    </PageNotice>
  );
}
