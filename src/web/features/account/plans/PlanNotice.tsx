import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { paths } from "../../../shared/routing/paths.ts";
import { ReportsProblem, loggedOut } from "../reports/ReportsProblem.tsx";

/** In place of a plan or a day: a heading of its own (the page moves focus to it) and what to do. */
export function PlanNotice({ title, pageTitle, children }: { title: string; pageTitle: string; children: ReactNode }) {
  return (
    <section className="account__panel plan-notice" aria-labelledby="plan-notice-title">
      <title>{`${pageTitle} · Pathwise`}</title>
      <h1 id="plan-notice-title" className="account__title">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** No plan has the code in the address. */
export function PlanMissing() {
  return (
    <PlanNotice title="We could not find this plan" pageTitle="Plan not found">
      <p>It may have been renamed or taken out of the list. Every plan you can take is on the plans page.</p>
      <p>
        <Link to={paths.accountPlans} className="button button--primary">
          Back to all plans
        </Link>
      </p>
    </PlanNotice>
  );
}

/** A call that failed: log in again (401) or try again. */
export function PlanProblem({ error, retry, pageTitle }: { error: unknown; retry: () => void; pageTitle: string }) {
  return (
    <PlanNotice title={loggedOut(error) ? "Log in to see this plan" : "We could not load this plan"} pageTitle={pageTitle}>
      <ReportsProblem error={error} what="this plan" onRetry={retry} />
    </PlanNotice>
  );
}
