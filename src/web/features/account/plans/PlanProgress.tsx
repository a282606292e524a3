import { daysDone, nextDay } from "./plan-progress.ts";
import type { EduPlan } from "./plans-api.ts";
import "./plan-progress.css";

/** Where the customer is in a plan, in words ("Day 3 of 7", "2 of 7 days done") and as a bar. */
export function PlanProgress({ plan }: { plan: EduPlan }) {
  const total = plan.days.length;
  const done = daysDone(plan);
  const next = nextDay(plan);
  const summary = `${done} of ${total} ${total === 1 ? "day" : "days"} done`;
  return (
    <div className="plan-progress">
      <p className="plan-progress__text">
        <strong>{next ? `Day ${next.number} of ${total}` : "Completed"}</strong>
        <span className="plan-progress__count">{summary}</span>
      </p>
      <div
        className="plan-progress__bar"
        role="progressbar"
        aria-label={`Progress in ${plan.name}`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={summary}
      >
        <span className="plan-progress__fill" style={{ width: `${total ? (done / total) * 100 : 0}%` }} />
      </div>
    </div>
  );
}
