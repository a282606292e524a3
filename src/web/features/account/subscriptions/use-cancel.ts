import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { cancelSubscription, newIntent, useStoreSubscription } from "./subscriptions-api.ts";

/** Cancels at once and shows the confirmation; a failure is said plainly and changes nothing. */
export function useCancel(subId: string | null) {
  const navigate = useNavigate();
  const store = useStoreSubscription();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [intent] = useState(newIntent);
  async function cancel(reason: string | null) {
    if (!subId || busy) return;
    setBusy(true);
    setError(null);
    try {
      store(await cancelSubscription(subId, reason, intent));
      await navigate(paths.accountUnsubscribeDoneFor(subId));
    } catch {
      setBusy(false);
      setError("We could not cancel your subscription just now, and nothing has changed. Please try again, or write to us and we will cancel it for you.");
    }
  }
  return { cancel, busy, error };
}
