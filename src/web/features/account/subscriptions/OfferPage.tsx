import { useState } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { ApiError } from "#web/shared/api/client.ts";
import { formatMoney, perPeriod } from "#web/shared/money/money.ts";
import { formatDate } from "#web/shared/dates/format-date.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { ChangeConfirmation } from "./ChangeConfirmation.tsx";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { SubscriptionMissing } from "./SubscriptionMissing.tsx";
import { offerFor, reasonText, type Offer } from "./offers.ts";
import { PauseMonths, PauseTerms, pauseError } from "./PauseMonths.tsx";
import { applyDiscount, newIntent, pauseSubscription, useStoreSubscription, useSubscription, type SubscriptionView } from "./subscriptions-api.ts";
import { useCancel } from "./use-cancel.ts";
import "./subscriptions.css";

const discounted = (amount: number, percent: number) => Math.round((amount * (100 - percent)) / 100);

/**
 * At most one offer, matched to the reason, with its real price and dates. "No thanks, cancel"
 * sits beside the offer with exactly the same look, and cancels in one click.
 */
export function OfferPage() {
  const [search] = useSearchParams();
  const subId = search.get("sub_id");
  const reason = search.get("reason");
  const note = (useLocation().state as { note?: string } | null)?.note ?? "";
  const { subscription: s, isError, refetch } = useSubscription(subId);
  const [accepted, setAccepted] = useState<{ subscription: SubscriptionView; kind: Offer["kind"] } | null>(null);
  const back = { to: subId ? paths.accountUnsubscribeReasonsFor(subId) : paths.accountMyPlans, label: "Back" };

  if (s === undefined)
    return (
      <AccountSubPage eyebrow="Before you go" title="One offer before you go" back={back}>
        {isError ? <SubscriptionMissing isError onRetry={() => void refetch()} /> : <PageLoading label="Loading your plan…" />}
      </AccountSubPage>
    );
  if (s === null)
    return (
      <AccountSubPage eyebrow="Before you go" title="One offer before you go" back={back}>
        <SubscriptionMissing isError={false} onRetry={() => void refetch()} />
      </AccountSubPage>
    );
  if (accepted) return <Accepted subscription={accepted.subscription} kind={accepted.kind} />;
  return <OfferChoice subscription={s} reasonId={reason} reason={reasonText(reason, note)} back={back} onAccepted={setAccepted} />;
}

type ChoiceProps = {
  subscription: SubscriptionView;
  reasonId: string | null;
  reason: string | null;
  back: { to: string; label: string };
  onAccepted: (accepted: { subscription: SubscriptionView; kind: Offer["kind"] }) => void;
};

function OfferChoice({ subscription: s, reasonId, reason, back, onAccepted }: ChoiceProps) {
  // Fixed when the page opens: a change to the subscription (e.g. the cancel itself) cannot swap the offer.
  const [offer] = useState<Offer | null>(() => offerFor(reasonId, s));
  const { cancel, busy: cancelling, error: cancelError } = useCancel(s.id);
  const store = useStoreSubscription();
  const [months, setMonths] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [intent] = useState(newIntent);

  async function accept() {
    if (!offer) return;
    if (offer.kind === "pause" && !months) return setError("Choose how long to pause for, or cancel instead.");
    setBusy(true);
    setError(null);
    try {
      const changed = offer.kind === "discount" ? await applyDiscount(s.id, offer.percent, intent) : await pauseSubscription(s.id, months!, intent);
      store(changed);
      onAccepted({ subscription: changed, kind: offer.kind });
    } catch (e) {
      setBusy(false);
      setError(
        offer.kind === "pause"
          ? pauseError(e)
          : e instanceof ApiError && e.status === 409
            ? e.message
            : "We could not apply the discount just now. Nothing has changed.",
      );
    }
  }

  const noThanks = (
    <button
      type="button"
      className="button button--primary offer__action"
      onClick={() => void cancel(reason)}
      disabled={cancelling || busy}
      aria-busy={cancelling || undefined}
    >
      {cancelling ? "Cancelling…" : "No thanks, cancel"}
    </button>
  );

  if (!offer) {
    return (
      <AccountSubPage
        eyebrow="Cancel subscription"
        title={`Cancel ${s.product_name}`}
        back={back}
        intro={`You keep access until ${formatDate(s.access_until)} and will not be charged again.`}
      >
        <p className="message message--error" role="alert">
          {cancelError ?? ""}
        </p>
        <div className="subs__actions">{noThanks}</div>
      </AccountSubPage>
    );
  }

  const price = s.next_charge_amount;
  const title = offer.kind === "discount" ? `Would ${offer.percent}% off help?` : "Would a break help?";
  return (
    <AccountSubPage eyebrow="Before you go" title={title} back={back}>
      <section className="account__panel offer" aria-labelledby="offer-title">
        <h2 id="offer-title" className="account__panel-title">
          {offer.kind === "discount" ? `Keep ${s.product_name} for ${offer.percent}% less` : `Pause ${s.product_name} instead`}
        </h2>
        {offer.kind === "discount" ? (
          <p>
            {price !== null && s.next_charge_at
              ? `Pay ${formatMoney(discounted(price, offer.percent), s.currency)} instead of ${formatMoney(price, s.currency)} ${perPeriod(s.period)}, from your next charge on ${formatDate(s.next_charge_at)} and on every renewal after it.`
              : `${offer.percent}% off every renewal.`}{" "}
            You can still cancel at any time.
          </p>
        ) : (
          <>
            <p>Billing stops for the months you choose, then your plan resumes on its own. We email you a week before, and you can still cancel at any time.</p>
            <PauseTerms subscription={s} />
            <PauseMonths
              subscription={s}
              months={months}
              onChange={(m) => {
                setMonths(m);
                setError(null);
              }}
            />
          </>
        )}
        <p className="message message--error" role="alert">
          {error ?? cancelError ?? ""}
        </p>
        <div className="subs__actions offer__actions">
          <button
            type="button"
            className="button button--primary offer__action"
            onClick={() => void accept()}
            disabled={busy || cancelling}
            aria-busy={busy || undefined}
          >
            {busy
              ? "One moment…"
              : offer.kind === "discount"
                ? `Keep my plan at ${offer.percent}% off`
                : months
                  ? `Pause for ${months} ${months === 1 ? "month" : "months"}`
                  : "Pause my plan"}
          </button>
          {noThanks}
        </div>
        <p className="account__help">If you cancel, you keep access until {formatDate(s.access_until)} and will not be charged again.</p>
      </section>
    </AccountSubPage>
  );
}

function Accepted({ subscription: s, kind }: { subscription: SubscriptionView; kind: Offer["kind"] }) {
  const paused = kind === "pause";
  return (
    <AccountSubPage eyebrow="Your plan" title={paused ? `${s.product_name} is paused` : "Your discount is on"} focusKey="accepted">
      <ChangeConfirmation subscription={s} />
    </AccountSubPage>
  );
}
