import { dayMinutes } from "./plan-progress.ts";
import type { EduPlan } from "./plans-api.ts";

/** "7 days · 25 to 50 minutes a day": the plan's length and daily time, from its tasks. */
export function planFacts(plan: EduPlan): string {
  const days = `${plan.days.length} ${plan.days.length === 1 ? "day" : "days"}`;
  const minutes = plan.days.map(dayMinutes).filter((m) => m > 0);
  if (minutes.length === 0) return days;
  const low = Math.min(...minutes);
  const high = Math.max(...minutes);
  return `${days} · ${low === high ? `${low}` : `${low} to ${high}`} minutes a day`;
}
