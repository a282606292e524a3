import { PlanDayFinish } from "./PlanDayFinish.tsx";
import { PlanDayHead } from "./PlanDayHead.tsx";
import { PlanDayPager } from "./PlanDayPager.tsx";
import { PlanDayTasks } from "./PlanDayTasks.tsx";
import { PlanProgress } from "./PlanProgress.tsx";
import type { EduPlan, PlanDay } from "./plans-api.ts";
import { useCompletePlanItem } from "./use-plan-actions.ts";

/** A day of a taken plan: its tasks to mark done, the day to complete, the days before and after. */
export function PlanDayView({ plan, day, number }: { plan: EduPlan; day: PlanDay; number: number }) {
  const complete = useCompletePlanItem(plan.id);
  return (
    <>
      <PlanDayHead plan={plan} day={day} number={number} />
      <PlanProgress plan={plan} />
      <PlanDayTasks day={day} number={number} onDone={(id) => complete.mutate({ kind: "task", id })} />
      <PlanDayFinish plan={plan} day={day} number={number} error={complete.error} onComplete={() => complete.mutate({ kind: "day", id: day.id })} />
      <PlanDayPager plan={plan} number={number} />
    </>
  );
}
