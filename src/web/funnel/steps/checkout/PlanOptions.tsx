import { useId } from "react";
import { formatMoney, planTerms, type ProductView } from "#web/shared/money/money.ts";
import "./plans.css";

type Props = {
  plans: ProductView[];
  selected: string | undefined;
  onSelect: (id: string) => void;
  labelledBy: string;
  describedBy?: string;
};

/**
 * The plans as a real radio group, drawn as cards: name, badges ("Most popular" only when the
 * server counted it from the last 30 days' sales), what is charged today, and the
 * renewal in plain words. Arrow keys move between plans; nothing is chosen for the visitor unless
 * the flow's offer preselects a plan (ADR 065: the pre-checkout passes it as `selected`).
 */
export function PlanOptions({ plans, selected, onSelect, labelledBy, describedBy }: Props) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy} className="plans">
      {plans.map((plan) => {
        const checked = selected === plan.id;
        const nameId = `${name}-${plan.id}-name`;
        const termsId = `${name}-${plan.id}-terms`;
        return (
          <label key={plan.id} className="plan" data-checked={checked || undefined}>
            <input
              type="radio"
              name={name}
              value={plan.id}
              className="plan__input"
              checked={checked}
              onChange={() => onSelect(plan.id)}
              aria-labelledby={nameId}
              aria-describedby={termsId}
            />
            <span className="plan__body">
              <span className="plan__head">
                <span id={nameId} className="plan__name">
                  {plan.name}
                </span>
                {plan.most_popular && <span className="plan__badge">Most popular</span>}
                {plan.badge && <span className="plan__badge">{plan.badge}</span>}
              </span>
              <span className="plan__today">
                <span className="plan__amount">{formatMoney(plan.first_amount, plan.currency)}</span> today
              </span>
              <span id={termsId} className="plan__terms">
                {planTerms(plan)}.
              </span>
              {plan.summary && <span className="plan__summary">{plan.summary}</span>}
            </span>
          </label>
        );
      })}
    </div>
  );
}
