import type { Completion, EduPlan, PlanDay } from "./plans-api.ts";

/** A plan counts as completed when its status is anything but "active" (the API's rule). */
export const isPlanDone = (plan: EduPlan) => plan.status !== "active";

export const daysDone = (plan: EduPlan) => plan.days.filter((d) => d.is_completed).length;

/** The first day not done yet, in the plan's order; null when every day is done. */
export function nextDay(plan: EduPlan): { day: PlanDay; number: number } | null {
  const index = plan.days.findIndex((d) => !d.is_completed);
  return index === -1 ? null : { day: plan.days[index]!, number: index + 1 };
}

export const dayMinutes = (day: PlanDay) => day.tasks.reduce((sum, t) => sum + t.minutes, 0);

/**
 * Today's plan day (ADR 020): the next unfinished day of the first plan the customer took and has
 * not finished. Plans are self-paced, so "today's" is the day to do next, not a calendar date.
 */
export function todaysPlanDay(mine: EduPlan[]): { plan: EduPlan; day: PlanDay; number: number } | null {
  const ordered = [...mine].sort((a, b) => (a.taken_at ?? "").localeCompare(b.taken_at ?? ""));
  for (const plan of ordered) {
    if (isPlanDone(plan)) continue;
    const next = nextDay(plan);
    if (next) return { plan, ...next };
  }
  return null;
}

/**
 * The plan as it will be once `what` is saved, for the optimistic update: the task (or every task
 * of the day) done, the day done when all its tasks are, the plan completed when every day is —
 * the server's rule (src/server/content/edu-plans.ts), so the answer replaces it without a jump.
 */
export function withCompleted(plan: EduPlan, what: Completion): EduPlan {
  const days = plan.days.map((day) => {
    const hit = what.kind === "day" ? day.id === what.id : day.tasks.some((t) => t.id === what.id);
    if (!hit) return day;
    const tasks = day.tasks.map((t) => (what.kind === "day" || t.id === what.id ? { ...t, is_completed: true } : t));
    return { ...day, tasks, is_completed: day.is_completed || tasks.every((t) => t.is_completed) };
  });
  const allDone = days.every((d) => d.is_completed);
  return { ...plan, days, status: allDone ? "completed" : plan.status };
}
