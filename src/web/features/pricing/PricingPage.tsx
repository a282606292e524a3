import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { flowSummaries } from "virtual:flow-cards";
import { currencies, type Currency } from "#schemas/content/currencies.ts";
import { aboutMinutes, shownCards } from "#web/shared/cards/shown-cards.ts";
import { useT } from "#web/shared/catalog/index.ts";
import { useOptionalAuthStatus } from "#web/shared/auth/AuthProvider.tsx";
import { formatMoney, planTerms, type ProductView } from "#web/shared/money/money.ts";
import { plansQueryOptions } from "#web/shared/money/plans-query.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { LoadFailed } from "#web/shared/ui/LoadFailed.tsx";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { useFocusHeading } from "#web/shared/ui/use-focus-heading.ts";
import { PricingQuestions } from "./PricingQuestions.tsx";
import "./pricing.css";

/**
 * /pricing: the plans on sale as the server prices them, each with its renewal in plain words.
 * Plans are bought at the end of an assessment, where the purchase also unlocks that report, so
 * the way in is the test (ADR 022); a customer with an account is pointed at My plans.
 */
/** The page's lead: what a plan gives and where it is chosen (its first and last sentences are the page's description). */
const LEAD = [
  "Every plan gives you your full personal report and the whole account: education plans, articles and tools.",
  "While your plan runs, the report of every other assessment you take is included too, with nothing more to pay.",
  "You choose a plan at the end of an assessment, after you have seen your summary.",
] as const;

export function PricingPage() {
  const heading = useFocusHeading();
  const [currency, setCurrency] = useState<Currency | undefined>(undefined);
  const plans = useQuery(plansQueryOptions(currency));
  const loggedIn = useOptionalAuthStatus() === "loggedIn";
  const shown = plans.data?.[0]?.currency;

  return (
    <div className="container pricing">
      <title>Pricing — Pathwise</title>
      <meta name="description" content={`${LEAD[0]} ${LEAD[2]}`} />
      <header className="pricing__header">
        <h1 ref={heading} tabIndex={-1} className="pricing__title">
          Pricing
        </h1>
        <p className="pricing__lead">{LEAD.join(" ")}</p>
        {shown ? <CurrencyPicker value={shown} onChange={setCurrency} /> : null}
      </header>

      {plans.isPending ? (
        <PageLoading label="Loading the plans…" />
      ) : plans.isError ? (
        <LoadFailed what="the plans" onRetry={() => void plans.refetch()} />
      ) : (
        <ul className="pricing__plans" aria-busy={plans.isFetching || undefined}>
          {plans.data.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
      )}

      <section className="pricing__start" aria-labelledby="pricing-start-title">
        <h2 id="pricing-start-title" className="pricing__subtitle">
          How to start
        </h2>
        <p>Take any of our assessments. You see a summary of your result first, then choose one of these plans to unlock the full report.</p>
        <AssessmentList />
        <p className="pricing__actions">
          <Link to={paths.careerQuiz} className="button button--primary">
            Start the career interest test
          </Link>
          {loggedIn ? (
            <Link to={paths.accountMyPlans} className="button button--secondary">
              See my plans
            </Link>
          ) : (
            <Link to={paths.loginThenGo(paths.pricing)} className="button button--secondary">
              Log in
            </Link>
          )}
        </p>
      </section>

      <PricingQuestions />
    </div>
  );
}

function PlanCard({ plan }: { plan: ProductView }) {
  const id = useId();
  return (
    <article className="pricing-plan" aria-labelledby={`${id}-name`}>
      <header className="pricing-plan__head">
        <h2 id={`${id}-name`} className="pricing-plan__name">
          {plan.name}
        </h2>
        {plan.most_popular ? <span className="pricing-plan__badge">Most popular</span> : null}
        {plan.badge ? <span className="pricing-plan__badge">{plan.badge}</span> : null}
      </header>
      <p className="pricing-plan__today">
        <span className="pricing-plan__amount">{formatMoney(plan.first_amount, plan.currency)}</span> today
      </p>
      <p className="pricing-plan__terms">{planTerms(plan)}.</p>
      <p className="pricing-plan__summary">{plan.summary}</p>
      <ul className="pricing-plan__includes" aria-label={`What ${plan.name} includes`}>
        {plan.includes.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </article>
  );
}

function CurrencyPicker({ value, onChange }: { value: Currency; onChange: (c: Currency) => void }) {
  const id = useId();
  return (
    <p className="pricing__currency">
      <label htmlFor={id}>Prices in</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Currency)}>
        {currencies.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </p>
  );
}

/** Every assessment on the home page, from the flows' cards: name, start and how long it takes. */
function AssessmentList() {
  const t = useT();
  return (
    <ul className="pricing__assessments" aria-label="The assessments">
      {shownCards(flowSummaries, t).map((card) => (
        <li key={card.flow}>
          <Link to={card.href}>{card.title}</Link> <span className="pricing__minutes">({aboutMinutes(card.minutes)})</span>
        </li>
      ))}
    </ul>
  );
}
