import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { isPlanDone, nextDay } from "./plan-progress.ts";
import type { EduPlan, PlanDay } from "./plans-api.ts";

type Props = {
  plan: EduPlan;
  day: PlanDay;
  number: number;
  /** Why the last change was not saved, if it was not. */
  error: Error | null;
  onComplete: () => void;
};

/** The end of a day: how many tasks are done, Complete day, and once done the way to the next day or back to the plan. */
export function PlanDayFinish({ plan, day, number, error, onComplete }: Props) {
  const left = day.tasks.filter((t) => !t.is_completed).length;
  const done = day.tasks.length - left;
  const after = nextDay(plan);

  // The day finished here (the last task, or "Complete day", whose button goes): focus its heading.
  const finishTitle = useRef<HTMLHeadingElement>(null);
  const wasDone = useRef(day.is_completed);
  useEffect(() => {
    if (day.is_completed && !wasDone.current) finishTitle.current?.focus();
    wasDone.current = day.is_completed;
  }, [day.is_completed]);

  return (
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
        {error && (
          <p className="message message--error" role="alert">
            That was not saved, so it is shown as before. {error.message}
          </p>
        )}
      </div>
      <div className="plan-finish__actions">
        {!day.is_completed && (
          <button type="button" className="button button--primary" onClick={onComplete}>
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
  );
}
