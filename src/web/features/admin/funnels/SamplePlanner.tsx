import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { experimentPlanQueryOptions, type PlanRequest } from "./admin-funnels-query.ts";
import { formatCount } from "./format.ts";

type Props = { code: string; window: { since: string; until: string } };

/**
 * The sample-size planner (ADR 064): a baseline conversion rate and the smallest lift worth finding
 * → the visitors each variant needs and the days at this funnel's traffic in the chosen range.
 */
export function SamplePlanner({ code, window }: Props) {
  const id = useId();
  const [asked, setAsked] = useState<PlanRequest | null>(null);
  const plan = useQuery({ ...experimentPlanQueryOptions(code, asked ?? { baseline: 0, lift: 0, variants: 2, ...window }), enabled: asked !== null });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const number = (name: string) => Number(form.get(name));
    setAsked({ baseline: number("baseline") / 100, lift: number("lift") / 100, variants: number("variants"), ...window });
  };
  return (
    <section aria-labelledby={`${id}-title`} className="planner">
      <h2 id={`${id}-title`} className="report-section">
        Plan an experiment
      </h2>
      <form className="report-controls" onSubmit={submit}>
        <div className="report-controls__field">
          <label htmlFor={`${id}-baseline`}>Baseline paid rate (%)</label>
          <input id={`${id}-baseline`} name="baseline" type="number" min="0.01" max="99" step="any" defaultValue="5" required />
        </div>
        <div className="report-controls__field">
          <label htmlFor={`${id}-lift`}>Smallest lift worth finding (%)</label>
          <input id={`${id}-lift`} name="lift" type="number" min="1" max="1000" step="any" defaultValue="10" required />
        </div>
        <div className="report-controls__field">
          <label htmlFor={`${id}-variants`}>Variants, control included</label>
          <input id={`${id}-variants`} name="variants" type="number" min="2" max="20" step="1" defaultValue="2" required />
        </div>
        <button type="submit" className="button button--secondary">
          Plan
        </button>
      </form>
      {plan.data ? (
        <p role="status">
          Each variant needs {formatCount(plan.data.visitorsPerVariant)} visitors (a test read once would need {formatCount(plan.data.fixedVisitorsPerVariant)},
          but only if nobody looks before the end).{" "}
          {plan.data.days === null
            ? "This range had no visitors, so the days cannot be told."
            : `At this range’s ${formatCount(Math.round(plan.data.dailyVisitors))} visitors a day: about ${formatCount(plan.data.days)} days.`}
        </p>
      ) : plan.isError ? (
        <p className="message message--error" role="alert">
          The plan cannot be made: {plan.error.message}
        </p>
      ) : null}
    </section>
  );
}
