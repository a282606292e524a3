import { useSelector } from "@xstate/react";
import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import { createActor } from "xstate";
import { onApiAnswered } from "../api/client.ts";
import { authStatus, logIn, logOut, recheck, setOnboarded, type AuthActor, type AuthStatus } from "./auth-actions.ts";
import { authMachine, type Customer, type LoginCredentials } from "./auth-machine.ts";

const AuthActorContext = createContext<AuthActor | null>(null);

/**
 * Creates, starts and checks the app's one auth actor. It lives as long as the page, outside
 * React, so StrictMode's double effects never start a second login check. Every successful API
 * call (except the logout itself and client logs, which a failing logout causes) lets a pending
 * logout be retried.
 */
export function startAuth(logic: typeof authMachine = authMachine, options: { session?: boolean; customer?: Customer | null } = {}): AuthActor {
  const actor = createActor(logic);
  actor.start();
  const stop = onApiAnswered((path) => {
    if (actor.getSnapshot().status !== "active") stop();
    else if (path !== "/auth/logout" && path !== "/log") actor.send({ type: "API_REACHED" });
  });
  // The server said no login cookie came with the page: logged out, without asking. It asked who the
  // cookie proves (ADR 075): logged in as them, or out, without asking again.
  actor.send(
    options.session === false ? { type: "NO_SESSION" } : options.customer !== undefined ? { type: "KNOWN", customer: options.customer } : { type: "CHECK" },
  );
  return actor;
}

export function AuthProvider({ actor, children }: { actor: AuthActor; children: ReactNode }) {
  return <AuthActorContext.Provider value={actor}>{children}</AuthActorContext.Provider>;
}

export type Auth = {
  status: AuthStatus;
  customer: Customer | null;
  /** Resolves with the customer; rejects with the API error (or 'No password or token provided'). */
  login: (credentials: LoginCredentials) => Promise<Customer>;
  /** Always clears the login state; a failed call is logged and retried later (`logoutFailed`). */
  logout: () => Promise<void>;
  /** The last logout call failed and the server has not confirmed it since. */
  logoutFailed: boolean;
  /** Resolves when is_onboarded is saved; rejects (after logging) when it is not. */
  setOnboarded: () => Promise<void>;
  /** Forgets what is known and asks the server again. */
  recheck: () => Promise<void>;
};

function useAuthActor(): AuthActor {
  const actor = useContext(AuthActorContext);
  if (!actor) throw new Error("useAuth() needs an <AuthProvider> above it");
  return actor;
}

/** The login state and the actions that change it. */
export function useAuth(): Auth {
  const actor = useAuthActor();
  const status = useSelector(actor, authStatus);
  const customer = useSelector(actor, (s) => s.context.customer);
  const logoutFailed = useSelector(actor, (s) => s.context.logoutFailed);
  return useMemo(
    () => ({
      status,
      customer,
      logoutFailed,
      login: (credentials) => logIn(actor, credentials),
      logout: () => logOut(actor),
      setOnboarded: () => setOnboarded(actor),
      recheck: async () => {
        await recheck(actor);
      },
    }),
    [actor, status, customer, logoutFailed],
  );
}

/** The login status, or null outside an AuthProvider (stories, isolated tests). */
/** Asks the server again who is logged in (e.g. after a call that logged this browser in); no-op without a provider. */
export function useAuthRecheck(): () => void {
  const actor = useContext(AuthActorContext);
  return useCallback(() => actor?.send({ type: "FORCE_RECHECK" }), [actor]);
}

export function useOptionalAuthStatus(): AuthStatus | null {
  const actor = useContext(AuthActorContext);
  const status = useSelector(actor ?? undefined, (s) => (s ? authStatus(s) : null));
  return actor ? (status ?? null) : null;
}

/** Whether a staff member is logged in (the growth console's links); false outside an AuthProvider. */
export function useOptionalIsStaff(): boolean {
  const actor = useContext(AuthActorContext);
  const staff = useSelector(actor ?? undefined, (s) => (s ? authStatus(s) === "loggedIn" && s.context.customer?.is_staff === true : false));
  return staff ?? false;
}
