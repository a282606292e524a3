import { useEffect, useRef, type ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { useFocusTitleWithin } from "../ui/use-focus-title.ts";
import { PlanDays } from "./PlanDays.tsx";
import { planFacts } from "./plan-facts.ts";
import { LockedBadge, PlanUnlock } from "../ui/PlanLocked.tsx";
import { PlanMissing, PlanProblem } from "./PlanNotice.tsx";
import { isPlanDone, nextDay } from "./plan-progress.ts";
import { PlanProgress } from "./PlanProgress.tsx";
import type { EduPlan } from "./plans-api.ts";
import { useTakePlan } from "./use-plan-actions.ts";
import { usePlan } from "./use-plan.ts";
import "#web/shared/ui/forms.css";
import "../AccountPage.css";
import "../ui/article-text.css";
import "../ui/content-page.css";
import "./plans.css";

/**
 * `/account/plans/{code}`: what the plan is and its days. Taken: progress and "Continue with day N";
 * not taken: "Take this plan"; locked: the outline and what unlocks it; unknown code: says so.
 */
export function PlanPage() {
  const code = useParams().planCode ?? "";
  const state = usePlan(code);
  const take = useTakePlan();
  // Taking the plan keeps the reader in place: focus goes to "Start with day 1", not back to the title.
  const title = useFocusTitleWithin(`${code}:${state.kind === "untaken" ? "taken" : state.kind}`);

  return (
    <div className="account container plan-page">
      <nav aria-label="Breadcrumb" className="plan-page__crumbs">
        <Link to={paths.accountPlans}>
          <span aria-hidden="true">←</span> All plans
        </Link>
      </nav>
      <div ref={title} className="plan-page__main">
        {state.kind === "missing" ? (
          <PlanMissing />
        ) : state.kind === "error" ? (
          <PlanProblem error={state.error} retry={state.retry} pageTitle={state.outline?.name ?? "Plan"} />
        ) : state.kind === "loading" ? (
          <>
            <title>{`${state.outline?.name ?? "Plan"} · Pathwise`}</title>
            <PageLoading label="Loading the plan…" />
          </>
        ) : state.kind === "taken" ? (
          <PlanView plan={state.plan} linked action={<Continue plan={state.plan} focus={take.isSuccess} />} />
        ) : state.kind === "untaken" ? (
          <PlanView plan={state.outline} action={<TakePlan plan={state.outline} take={take} />} />
        ) : (
          <PlanView plan={state.outline} locked action={<PlanUnlock message={state.message} unlock={state.unlock} />} />
        )}
      </div>
    </div>
  );
}

function PlanView({ plan, action, linked = false, locked = false }: { plan: EduPlan; action: ReactNode; linked?: boolean; locked?: boolean }) {
  return (
    <>
      <title>{`${plan.name} · Pathwise`}</title>
      <header className="plan-page__head">
        <img className="plan-page__hero" src={plan.pic} alt="" width={800} height={450} decoding="async" />
        <p className="eyebrow plan-page__cat">
          {plan.category.name}
          {locked && <LockedBadge />}
        </p>
        <h1 className="account__title">{plan.name}</h1>
        <p className="plan-page__facts">{planFacts(plan)}</p>
      </header>
      {plan.taken_at && <PlanProgress plan={plan} />}
      <div className="plan-page__action">{action}</div>
      <div className="library-article__text plan-page__text" dangerouslySetInnerHTML={{ __html: plan.text }} />
      <PlanDays plan={plan} linked={linked} />
    </>
  );
}

/** A taken plan: on to the next day, or done. */
function Continue({ plan, focus }: { plan: EduPlan; focus: boolean }) {
  const next = nextDay(plan);
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (focus) link.current?.focus();
  }, [focus]);
  if (!next || isPlanDone(plan)) {
    return (
      <p className="plan-page__done" role="status">
        You finished this plan. Every day stays here to look back on.
      </p>
    );
  }
  return (
    <Link ref={link} to={paths.accountPlanDay(plan.code, next.day.id)} className="button button--primary">
      {next.number === 1 && !plan.days.some((d) => d.tasks.some((t) => t.is_completed)) ? "Start with day 1" : `Continue with day ${next.number}`}
    </Link>
  );
}

function TakePlan({ plan, take }: { plan: EduPlan; take: ReturnType<typeof useTakePlan> }) {
  return (
    <div className="plan-page__take">
      <button type="button" className="button button--primary" onClick={() => take.mutate(plan.id)} disabled={take.isPending}>
        {take.isPending ? "Taking the plan…" : "Take this plan"}
      </button>
      <p className="plan-page__note">Your progress is saved to your account, so you can go at your own pace and pick up on any device.</p>
      <div aria-live="polite">
        {take.error && (
          <p className="message message--error" role="alert">
            We could not add this plan just now: {take.error.message}
          </p>
        )}
      </div>
    </div>
  );
}
