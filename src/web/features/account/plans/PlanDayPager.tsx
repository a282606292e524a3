import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import type { EduPlan } from "./plans-api.ts";

/** The links to the day before and the day after, with their titles. */
export function PlanDayPager({ plan, number }: { plan: EduPlan; number: number }) {
  const previous = number > 1 ? plan.days[number - 2]! : null;
  const following = number < plan.days.length ? plan.days[number]! : null;
  return (
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
  );
}
