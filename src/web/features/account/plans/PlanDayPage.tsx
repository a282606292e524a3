import { useEffect, useRef } from "react";
import { Link, useParams } from "react-router-dom";
import { paths } from "../../../shared/routing/paths.ts";
import { PageLoading } from "../../../shared/ui/PageLoading.tsx";
import { useFocusTitleWithin } from "../ui/use-focus-title.ts";
import { LockedBadge, PlanUnlock } from "../ui/PlanLocked.tsx";
import { PageNotice } from "../ui/PageNotice.tsx";
import { PlanMissing, PlanProblem } from "./PlanNotice.tsx";
import { dayMinutes, isPlanDone, nextDay } from "./plan-progress.ts";
import { PlanProgress } from "./PlanProgress.tsx";
import type { EduPlan, PlanDay } from "./plans-api.ts";
import { useCompletePlanItem } from "./use-plan-actions.ts";
import { usePlan } from "./use-plan.ts";
import "../../../shared/ui/forms.css";
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
          <LockedDay plan={plan} day={day} number={index + 1} message={state.message} unlock={state.unlock} />
        ) : (
          <DayView key={day.id} plan={plan} day={day} number={index + 1} />
        )}
      </div>
    </div>
  );
}

function DayHead({ plan, day, number, locked = false }: { plan: EduPlan; day: PlanDay; number: number; locked?: boolean }) {
  return (
    <header className="plan-day-page__head">
      <title>{`Day ${number}: ${day.title} · ${plan.name} · Pathwise`}</title>
      <p className="eyebrow plan-page__cat">
        Day {number} of {plan.days.length}
        {locked && <LockedBadge />}
      </p>
      <h1 className="account__title">{day.title}</h1>
      <p className="plan-day-page__summary">{day.summary}</p>
      <p className="plan-page__facts">
        {day.tasks.length} {day.tasks.length === 1 ? "task" : "tasks"} · about {dayMinutes(day)} minutes
      </p>
    </header>
  );
}

function LockedDay({ plan, day, number, message, unlock }: { plan: EduPlan; day: PlanDay; number: number } & Parameters<typeof PlanUnlock>[0]) {
  return (
    <>
      <DayHead plan={plan} day={day} number={number} locked />
      <PlanUnlock message={message} unlock={unlock} />
      <section className="plan-days" aria-labelledby="plan-outline-title">
        <h2 id="plan-outline-title" className="account__panel-title">
          What this day holds
        </h2>
        <ul className="plan-day__tasks">
          {day.tasks.map((task) => (
            <li key={task.id}>
              {task.title} <span className="plan-day__minutes">({task.minutes} min)</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function DayView({ plan, day, number }: { plan: EduPlan; day: PlanDay; number: number }) {
  const complete = useCompletePlanItem(plan.id);
  const left = day.tasks.filter((t) => !t.is_completed).length;
  const done = day.tasks.length - left;
  const after = nextDay(plan);
  const previous = number > 1 ? plan.days[number - 2]! : null;
  const following = number < plan.days.length ? plan.days[number]! : null;

  // The day finished here (the last task, or "Complete day", whose button goes): focus its heading.
  const finishTitle = useRef<HTMLHeadingElement>(null);
  const wasDone = useRef(day.is_completed);
  useEffect(() => {
    if (day.is_completed && !wasDone.current) finishTitle.current?.focus();
    wasDone.current = day.is_completed;
  }, [day.is_completed]);

  return (
    <>
      <DayHead plan={plan} day={day} number={number} />
      <PlanProgress plan={plan} />

      <ol className="plan-tasks" aria-label={`Tasks of day ${number}`}>
        {day.tasks.map((task) => (
          <li key={task.id} className="plan-task" data-done={task.is_completed || undefined}>
            <div className="plan-task__head">
              <h2 className="plan-task__title">{task.title}</h2>
              <span className="plan-task__minutes">{task.minutes} min</span>
            </div>
            {task.text && <div className="library-article__text plan-task__text" dangerouslySetInnerHTML={{ __html: task.text }} />}
            <button
              type="button"
              className={`button ${task.is_completed ? "button--secondary" : "button--primary"} plan-task__button`}
              aria-disabled={task.is_completed}
              aria-label={task.is_completed ? `Done: ${task.title}` : `Mark as done: ${task.title}`}
              onClick={() => {
                if (!task.is_completed) complete.mutate({ kind: "task", id: task.id });
              }}
            >
              {task.is_completed ? (
                <>
                  <span aria-hidden="true">✓</span> Done
                </>
              ) : (
                "Mark as done"
              )}
            </button>
          </li>
        ))}
      </ol>

      <section className="account__panel plan-finish" aria-labelledby="plan-finish-title">
        <h2 id="plan-finish-title" className="account__panel-title" ref={finishTitle} tabIndex={-1}>
          {day.is_completed ? `Day ${number} is done` : `Finish day ${number}`}
        </h2>
        <div aria-live="polite" className="plan-finish__live">
          <p className="plan-finish__count">
            {done} of {day.tasks.length} {day.tasks.length === 1 ? "task" : "tasks"} done.
            {day.is_completed
              ? isPlanDone(plan)
                ? " You have finished the whole plan."
                : after
                  ? ` Next up: day ${after.number}, ${after.day.title}.`
                  : ""
              : left > 0
                ? " Completing the day marks the tasks left as done too."
                : ""}
          </p>
          {complete.error && (
            <p className="message message--error" role="alert">
              That was not saved, so it is shown as before. {complete.error.message}
            </p>
          )}
        </div>
        <div className="plan-finish__actions">
          {!day.is_completed && (
            <button type="button" className="button button--primary" onClick={() => complete.mutate({ kind: "day", id: day.id })}>
              Complete day {number}
            </button>
          )}
          {day.is_completed && after && after.day.id !== day.id && (
            <Link to={paths.accountPlanDay(plan.code, after.day.id)} className="button button--primary">
              Go to day {after.number}
            </Link>
          )}
          {day.is_completed && !after && (
            <Link to={paths.accountPlan(plan.code)} className="button button--primary">
              Back to the plan
            </Link>
          )}
        </div>
      </section>

      <nav className="plan-pager" aria-label="Days">
        {previous ? (
          <Link to={paths.accountPlanDay(plan.code, previous.id)} className="plan-pager__link" rel="prev">
            <span className="plan-pager__dir">
              <span aria-hidden="true">←</span> Day {number - 1}
            </span>
            <span className="plan-pager__title">{previous.title}</span>
          </Link>
        ) : (
          <span />
        )}
        {following && (
          <Link to={paths.accountPlanDay(plan.code, following.id)} className="plan-pager__link plan-pager__link--next" rel="next">
            <span className="plan-pager__dir">
              Day {number + 1} <span aria-hidden="true">→</span>
            </span>
            <span className="plan-pager__title">{following.title}</span>
          </Link>
        )}
      </nav>
    </>
  );
}
