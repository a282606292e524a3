import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { dayMinutes, nextDay } from "./plan-progress.ts";
import type { EduPlan } from "./plans-api.ts";

/**
 * The plan's days in order: title, summary, task titles and time, and, for a taken plan, which are
 * done and which is next (each day then links to its page). Locked or not taken, it is the outline.
 */
export function PlanDays({ plan, linked }: { plan: EduPlan; linked: boolean }) {
  const next = plan.taken_at ? nextDay(plan) : null;
  return (
    <section className="plan-days" aria-labelledby="plan-days-title">
      <h2 id="plan-days-title" className="account__panel-title">
        Day by day
      </h2>
      <ol className="plan-days__list">
        {plan.days.map((day, index) => {
          const status = !plan.taken_at ? null : day.is_completed ? "Done" : next?.day.id === day.id ? "Next" : "Not done yet";
          return (
            <li key={day.id} className="plan-day" data-status={status === "Done" ? "done" : status === "Next" ? "next" : undefined}>
              <div className="plan-day__head">
                <p className="plan-day__number">Day {index + 1}</p>
                {status && <span className="plan-day__status">{status}</span>}
              </div>
              <h3 className="plan-day__title">{linked ? <Link to={paths.accountPlanDay(plan.code, day.id)}>{day.title}</Link> : day.title}</h3>
              <p className="plan-day__summary">{day.summary}</p>
              <ul className="plan-day__tasks" aria-label={`Tasks of day ${index + 1}`}>
                {day.tasks.map((task) => (
                  <li key={task.id}>
                    {task.title} <span className="plan-day__minutes">({task.minutes} min)</span>
                  </li>
                ))}
              </ul>
              <p className="plan-day__time">About {dayMinutes(day)} minutes</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
