import { Link, useParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { useFocusTitleWithin } from "../ui/use-focus-title.ts";
import { PageNotice } from "../ui/PageNotice.tsx";
import { PlanMissing, PlanProblem } from "./PlanNotice.tsx";
import { PlanDayLocked } from "./PlanDayLocked.tsx";
import { PlanDayView } from "./PlanDayView.tsx";
import { usePlan } from "./use-plan.ts";
import "#web/shared/ui/forms.css";
import "../AccountPage.css";
import "../ui/article-text.css";
import "../ui/content-page.css";
import "./plans.css";

/** The route's day id when it is a whole positive number; anything else is a day that cannot exist. */
function dayIdOf(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,8}$/.test(param) ? Number(param) : null;
}

/**
 * `/account/plans/{code}/{dayId}`: one day of a taken plan — its tasks to read and mark done, the
 * day to complete, the days before and after. Locked: the day's outline and what unlocks it.
 */
export function PlanDayPage() {
  const params = useParams();
  const code = params.planCode ?? "";
  const dayId = dayIdOf(params.dayId);
  const state = usePlan(code);
  const title = useFocusTitleWithin(`${code}:${dayId}:${state.kind}`);

  const plan = state.kind === "taken" ? state.plan : state.kind === "untaken" || state.kind === "locked" ? state.outline : null;
  const index = plan ? plan.days.findIndex((d) => d.id === dayId) : -1;
  const day = plan && index >= 0 ? plan.days[index]! : null;

  return (
    <div className="account container plan-page">
      <nav aria-label="Breadcrumb" className="plan-page__crumbs">
        {plan ? (
          <Link to={paths.accountPlan(plan.code)}>
            <span aria-hidden="true">←</span> {plan.name}
          </Link>
        ) : (
          <Link to={paths.accountPlans}>
            <span aria-hidden="true">←</span> All plans
          </Link>
        )}
      </nav>
      <div ref={title} className="plan-page__main">
        {state.kind === "missing" ? (
          <PlanMissing />
        ) : state.kind === "error" ? (
          <PlanProblem error={state.error} retry={state.retry} pageTitle={state.outline?.name ?? "Plan"} />
        ) : state.kind === "loading" ? (
          <>
            <title>{`${state.outline?.name ?? "Plan"} · Pathwise`}</title>
            <PageLoading label="Loading the day…" />
          </>
        ) : !plan || !day ? (
          <PageNotice title="We could not find this day" pageTitle="Day not found">
            <p>This plan has no such day. Its days are listed on the plan's page.</p>
            <p>
              <Link to={paths.accountPlan(code)} className="button button--primary">
                Back to the plan
              </Link>
            </p>
          </PageNotice>
        ) : state.kind === "untaken" ? (
          <PageNotice title={`Take “${plan.name}” to start this day`} pageTitle={`Day ${index + 1} · ${plan.name}`}>
            <p>Each day's tasks open once you take the plan. It is one click on the plan's page, and your progress is saved as you go.</p>
            <p>
              <Link to={paths.accountPlan(plan.code)} className="button button--primary">
                Go to the plan
              </Link>
            </p>
          </PageNotice>
        ) : state.kind === "locked" ? (
          <PlanDayLocked plan={plan} day={day} number={index + 1} message={state.message} unlock={state.unlock} />
        ) : (
          <PlanDayView key={day.id} plan={plan} day={day} number={index + 1} />
        )}
      </div>
    </div>
  );
}
