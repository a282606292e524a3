import { useId } from "react";
import { pauseEnd } from "#schemas/content/billing-dates.ts";
import { ApiError } from "#web/shared/api/client.ts";
import { formatDate } from "#web/shared/dates/format-date.ts";
import type { SubscriptionView } from "./subscriptions-api.ts";
import "./subscriptions.css";

/** When billing resumes after a pause of `months` from the next charge: the date the server will charge. */
export const resumeDate = (nextChargeAt: string, months: number) => pauseEnd(new Date(nextChargeAt), months).toISOString();

export const pauseError = (e: unknown) =>
  e instanceof ApiError && e.status === 409 ? e.message : "We could not pause your plan just now. Nothing has changed. Please try again in a moment.";

/** One to three months, as a radio group; nothing is chosen for the customer. */
export function PauseMonths({ subscription, months, onChange }: { subscription: SubscriptionView; months: number | null; onChange: (months: number) => void }) {
  const name = useId();
  return (
    <fieldset className="subs__fieldset">
      <legend className="field__label">How long would you like to pause for?</legend>
      <div className="subs__choices">
        {[1, 2, 3].map((m) => (
          <label key={m} className="subs__choice" data-checked={months === m || undefined}>
            <input type="radio" name={name} value={m} checked={months === m} onChange={() => onChange(m)} />
            <span>
              {m} {m === 1 ? "month" : "months"}
              {subscription.next_charge_at && (
                <span className="subs__choice-hint">Billing resumes {formatDate(resumeDate(subscription.next_charge_at, m))}</span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * What a pause keeps and what it locks, before the customer chooses (ADR 017,
 * `subscriptionGivesAccess`): a paused plan gives access until the end of the period already paid
 * for; after that the account's content is locked until billing resumes. Reports bought stay.
 */
export function PauseTerms({ subscription: s }: { subscription: SubscriptionView }) {
  const until = formatDate(s.access_until);
  return (
    <div className="subs__terms">
      <p className="field__label">While your plan is paused</p>
      <ul className="subs__terms-list">
        <li>You are not charged.</li>
        <li>Your reports stay yours: you can open and download them as always.</li>
        <li>
          Education plans, articles, tools and coaching stay open until {until}, the end of the period you have paid for. After that they are locked until your
          plan resumes and is charged again.
        </li>
        <li>Your progress in the plans and your tool entries are kept, and open again when the plan resumes.</li>
      </ul>
    </div>
  );
}
