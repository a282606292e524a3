import { PlanUnlock } from "../ui/PlanLocked.tsx";
import { PlanDayHead } from "./PlanDayHead.tsx";
import type { EduPlan, PlanDay } from "./plans-api.ts";

/** A day of a plan the customer may not open: its outline (task titles and minutes) and what unlocks it. */
export function PlanDayLocked({ plan, day, number, message, unlock }: { plan: EduPlan; day: PlanDay; number: number } & Parameters<typeof PlanUnlock>[0]) {
  return (
    <>
      <PlanDayHead plan={plan} day={day} number={number} locked />
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
