import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { formatDate } from "#web/shared/dates/format-date.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { SubscriptionMissing } from "./SubscriptionMissing.tsx";
import { PauseMonths, PauseTerms, pauseError, resumeDate } from "./PauseMonths.tsx";
import { ChangeConfirmation } from "./ChangeConfirmation.tsx";
import { newIntent, pauseSubscription, useStoreSubscription, useSubscription } from "./subscriptions-api.ts";
import "./subscriptions.css";

/** `/account/profile/pause?sub_id=`: pause billing for 1–3 months; it resumes on its own. */
export function PausePage() {
  const [search] = useSearchParams();
  const subId = search.get("sub_id");
  const { subscription: s, isError, refetch } = useSubscription(subId);
  const store = useStoreSubscription();
  const [months, setMonths] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [intent] = useState(newIntent);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!s) return;
    if (!months) return setError("Choose how long to pause for.");
    setBusy(true);
    setError(null);
    try {
      store(await pauseSubscription(s.id, months, intent));
      setDone(true);
    } catch (e) {
      setError(pauseError(e));
    } finally {
      setBusy(false);
    }
  }

  const back = { to: paths.accountMyPlans, label: "My plans" };
  if (s === undefined)
    return (
      <AccountSubPage eyebrow="My plans" title="Pause your plan" back={back}>
        {isError ? <SubscriptionMissing isError onRetry={() => void refetch()} /> : <PageLoading label="Loading your plan…" />}
      </AccountSubPage>
    );
  if (s === null)
    return (
      <AccountSubPage eyebrow="My plans" title="Pause your plan" back={back}>
        <SubscriptionMissing isError={false} onRetry={() => void refetch()} />
      </AccountSubPage>
    );

  if (done || s.status === "paused") {
    return (
      <AccountSubPage eyebrow="My plans" title={`${s.product_name} is paused`} back={back} focusKey="done">
        <ChangeConfirmation subscription={s} />
      </AccountSubPage>
    );
  }

  return (
    <AccountSubPage
      eyebrow="My plans"
      title={`Pause ${s.product_name}`}
      back={back}
      intro="Billing stops for the months you choose, then your plan resumes on its own. We email you a week before it does."
    >
      <form className="account__panel subs__form" onSubmit={(e) => void submit(e)} noValidate>
        <PauseTerms subscription={s} />
        <PauseMonths
          subscription={s}
          months={months}
          onChange={(m) => {
            setMonths(m);
            setError(null);
          }}
        />
        <p className="message message--error" role="alert">
          {error ?? ""}
        </p>
        <div className="subs__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Pausing…" : months ? `Pause for ${months} ${months === 1 ? "month" : "months"}` : "Pause my plan"}
          </button>
          <Link to={paths.accountMyPlans} className="button button--secondary">
            Keep it running
          </Link>
        </div>
        {months && s.next_charge_at ? <p className="account__help">Billing resumes on {formatDate(resumeDate(s.next_charge_at, months))}.</p> : null}
      </form>
    </AccountSubPage>
  );
}
