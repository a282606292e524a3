import type { ShownOrder } from "#schemas/flow/shuffle.ts";
import { useCallback } from "react";
import type { Answers, CompiledFlow } from "#engine/flow/types.ts";
import { useAuth } from "#web/shared/auth/index.ts";
import { logClient } from "#web/shared/log/log.ts";
import { attribution } from "./attribution.ts";
import { restartAsNewVisitor, type QuizSessionSync } from "./quiz-session.ts";

/**
 * The logged-in customer at the steps that ask who the visitor is: the e-mail step uses their own
 * address (ADR 011), the name step starts with the first name the account knows (they may change
 * it). And "Not you? Log out":
 * logs out, then this browser goes on as a new visitor with a new server session holding the
 * answers so far (the logout ended the old session's hold on this browser).
 */
export function useAccountAtIdentitySteps(
  flow: CompiledFlow,
  context: { answers: Answers; variants: Record<string, string>; order: ShownOrder },
  setSync: (sync: QuizSessionSync) => void,
  setSessionId: (id: string | null) => void,
  setBusy: (busy: boolean) => void,
  setError: (message: string | null) => void,
) {
  const auth = useAuth();
  const account = auth.status === "loggedIn" && auth.customer ? { email: auth.customer.email, firstName: auth.customer.first_name } : null;
  const { logout } = auth;
  const { answers, variants, order } = context;
  const onLogOut = useCallback(() => {
    setBusy(true);
    setError(null);
    void logout()
      .then(() => {
        const next = restartAsNewVisitor(flow, { answers, variants, order, attribution: attribution() }, (message) => logClient("error", message));
        setSync(next);
        return next.id().then(setSessionId);
      })
      .finally(() => setBusy(false));
  }, [answers, flow, logout, order, setBusy, setError, setSessionId, setSync, variants]);
  return { account, onLogOut };
}
