import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { planFacts } from "./plan-facts.ts";
import { PlanProgress } from "./PlanProgress.tsx";
import type { EduPlan } from "./plans-api.ts";

/** A plan in the list: image, category, title (the card's link), length; a taken plan's progress. */
export function PlanCard({ plan }: { plan: EduPlan }) {
  return (
    <li className="content-card">
      <img className="content-card__pic" src={plan.pic} alt="" width={800} height={450} loading="lazy" decoding="async" />
      <div className="content-card__body">
        <p className="content-card__cat">{plan.category.name}</p>
        <h3 className="content-card__title">
          <Link to={paths.accountPlan(plan.code)} className="content-card__link">
            {plan.name}
          </Link>
        </h3>
        <p className="content-card__facts">{planFacts(plan)}</p>
        {plan.taken_at && <PlanProgress plan={plan} />}
      </div>
    </li>
  );
}
