import { useId, useRef, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import "#web/shared/ui/forms.css";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { SubscriptionMissing } from "./SubscriptionMissing.tsx";
import { offerFor, REASONS, reasonText } from "./offers.ts";
import { useSubscription } from "./subscriptions-api.ts";
import { useCancel } from "./use-cancel.ts";
import "./subscriptions.css";

/**
 * The unsubscribe-reasons page: an optional reason and optional words, with "Cancel now" right
 * beside "Continue". Continue shows one offer only when one fits the reason; otherwise it cancels.
 */
export function ReasonsPage() {
  const [search] = useSearchParams();
  const subId = search.get("sub_id");
  const { subscription: s, isError, refetch } = useSubscription(subId);
  const navigate = useNavigate();
  const { cancel, busy, error } = useCancel(subId);
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState("");
  const name = useId();
  const action = useRef<"continue" | "cancel">("continue");
  const back = { to: subId ? paths.accountUnsubscribeFor(subId) : paths.accountMyPlans, label: "Back" };

  if (s === undefined)
    return (
      <AccountSubPage eyebrow="Cancel subscription" title="Why are you cancelling?" back={back}>
        {isError ? <SubscriptionMissing isError onRetry={() => void refetch()} /> : <PageLoading label="Loading your plan…" />}
      </AccountSubPage>
    );
  if (s === null)
    return (
      <AccountSubPage eyebrow="Cancel subscription" title="Why are you cancelling?" back={back}>
        <SubscriptionMissing isError={false} onRetry={() => void refetch()} />
      </AccountSubPage>
    );

  const offer = offerFor(reason, s);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (action.current === "continue" && offer && s) {
      void navigate(paths.accountUnsubscribeOfferFor(s.id, reason ?? ""), { state: { note } });
      return;
    }
    void cancel(reasonText(reason, note));
  }

  return (
    <AccountSubPage
      eyebrow="Cancel subscription"
      title="Why are you cancelling?"
      back={back}
      intro="Telling us is optional, and it helps us make Pathwise better. Either button below cancels your subscription."
    >
      <form className="account__panel subs__form" onSubmit={submit} noValidate>
        <fieldset className="subs__fieldset">
          <legend className="field__label">Your main reason (optional)</legend>
          <div className="subs__choices subs__choices--list">
            {REASONS.map((r) => (
              <label key={r.id} className="subs__choice" data-checked={reason === r.id || undefined}>
                <input type="radio" name={name} value={r.id} checked={reason === r.id} onChange={() => setReason(r.id)} />
                <span>{r.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={`${name}-note`}>
            Anything else you would like to tell us? (optional)
          </label>
          <textarea id={`${name}-note`} className="field__input subs__note" rows={3} maxLength={400} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <p className="message message--error" role="alert">
          {error ?? ""}
        </p>
        <div className="subs__actions">
          <button type="submit" className="button button--secondary" disabled={busy} onClick={() => (action.current = "continue")}>
            Continue
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined} onClick={() => (action.current = "cancel")}>
            {busy ? "Cancelling…" : "Cancel now"}
          </button>
        </div>
        <p className="account__help">
          {offer
            ? "Continue shows you one offer that fits your reason first; you can still cancel from there in one click."
            : "Continue cancels your subscription, the same as Cancel now."}
        </p>
      </form>
    </AccountSubPage>
  );
}
