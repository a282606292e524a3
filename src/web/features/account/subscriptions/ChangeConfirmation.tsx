import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { formatMoney } from "#web/shared/money/money.ts";
import { formatDate } from "#web/shared/dates/format-date.ts";
import type { SubscriptionView } from "./subscriptions-api.ts";
import "./subscriptions.css";

/** What a pause or discount changed, as the server now says: one wording for every page that confirms it. */
export function ChangeConfirmation({ subscription: s }: { subscription: SubscriptionView }) {
  return (
    <section className="account__panel" role="status">
      <p>
        {s.status === "paused" && s.paused_until
          ? `You will not be charged while your plan is paused. It resumes on ${formatDate(s.paused_until)}, and we will email you a week before. Your reports stay yours; education plans, articles, tools and coaching stay open until ${formatDate(s.access_until)}, then lock until the plan resumes. `
          : ""}
        {s.next_charge_amount !== null && s.next_charge_at
          ? `Your next charge is ${formatMoney(s.next_charge_amount, s.currency)} on ${formatDate(s.next_charge_at)}. `
          : ""}
        We have emailed you the details. You can still cancel at any time from My plans.
      </p>
      <p>
        <Link to={paths.accountMyPlans} className="button button--primary">
          Back to my plans
        </Link>
      </p>
    </section>
  );
}
