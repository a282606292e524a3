import { LockedBadge } from "../ui/PlanLocked.tsx";
import { dayMinutes } from "./plan-progress.ts";
import type { EduPlan, PlanDay } from "./plans-api.ts";

/** A day's heading: its number of the plan's days, title, summary, and how many tasks and minutes. */
export function PlanDayHead({ plan, day, number, locked = false }: { plan: EduPlan; day: PlanDay; number: number; locked?: boolean }) {
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
