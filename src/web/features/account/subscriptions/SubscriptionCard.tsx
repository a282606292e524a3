import { useState } from "react";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { formatMoney, perPeriod } from "#web/shared/money/money.ts";
import { formatDate } from "#web/shared/dates/format-date.ts";
import { RestartActions } from "./RestartActions.tsx";
import type { SubscriptionView } from "./subscriptions-api.ts";
import "./subscriptions.css";

const STATUS: Record<SubscriptionView["status"], string> = {
  active: "Active",
  paused: "Paused",
  cancelled: "Cancelled",
  ended: "Ended",
  past_due: "Payment due",
};

const statusLabel = (status: SubscriptionView["status"]) => STATUS[status];

/** The next charge in words: "US$29.99 on 12 March 2027", or why there is none. */
function nextCharge(s: SubscriptionView): string {
  if (s.status === "cancelled" || s.status === "ended") return "None: you will not be charged again";
  if (s.next_charge_amount === null || !s.next_charge_at) return "None scheduled";
  return `${formatMoney(s.next_charge_amount, s.currency)} on ${formatDate(s.next_charge_at)}`;
}

/** Can the customer still stop future charges? */
export const cancellable = (s: SubscriptionView) => s.status === "active" || s.status === "paused" || s.status === "past_due";

/**
 * One subscription: plan, status, next charge, access end and discount, with the actions it
 * allows. Pause and cancel are plain links of the same weight.
 */
export function SubscriptionCard({ subscription: s, headingLevel = 2 }: { subscription: SubscriptionView; headingLevel?: 2 | 3 }) {
  // Kept here, not in RestartActions: a restarted plan is cancellable again and its actions change.
  const [restarted, setRestarted] = useState<string | null>(null);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const titleId = `sub-${s.id}-title`;
  return (
    <article className="sub-card" aria-labelledby={titleId}>
      <div className="sub-card__head">
        <Heading id={titleId} className="sub-card__name">
          {s.product_name}
        </Heading>
        <span className="sub-card__status" data-status={s.status}>
          {statusLabel(s.status)}
        </span>
      </div>
      <dl className="sub-card__facts">
        <dt>Next charge</dt>
        <dd>{nextCharge(s)}</dd>
        {s.status === "paused" && s.paused_until && (
          <>
            <dt>Paused until</dt>
            <dd>{formatDate(s.paused_until)}</dd>
          </>
        )}
        <dt>{s.status === "ended" ? "Access ended" : "Access until"}</dt>
        <dd>{formatDate(s.access_until)}</dd>
        {s.discount_percent ? (
          <>
            <dt>Discount</dt>
            <dd>{s.discount_percent}% off every renewal</dd>
          </>
        ) : null}
        {s.next_charge_amount !== null && cancellable(s) && (
          <>
            <dt>Renews</dt>
            <dd>
              {formatMoney(s.next_charge_amount, s.currency)} {perPeriod(s.period)}, until you cancel
            </dd>
          </>
        )}
      </dl>
      {cancellable(s) && (
        <div className="sub-card__actions">
          {s.status === "active" && s.offers.pause && (
            <Link to={paths.accountPauseFor(s.id)} className="button button--secondary">
              Pause<span className="visually-hidden"> {s.product_name}</span>
            </Link>
          )}
          <Link to={paths.accountUnsubscribeFor(s.id)} className="button button--secondary">
            Cancel subscription<span className="visually-hidden"> for {s.product_name}</span>
          </Link>
        </div>
      )}
      <p role="status" className={restarted ? "message message--success" : "live-region"}>
        {restarted ?? ""}
      </p>
      {cancellable(s) ? null : <RestartActions subscription={s} onRestarted={setRestarted} />}
    </article>
  );
}
