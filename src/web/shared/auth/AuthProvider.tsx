import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import type { Customer, LoginCredentials } from "./auth-machine.ts";
import type { AuthSource } from "./auth-source.ts";
import type { AuthStatus, AuthView } from "./auth-start.ts";

const AuthSourceContext = createContext<AuthSource | null>(null);

export function AuthProvider({ source, children }: { source: AuthSource; children: ReactNode }) {
  return <AuthSourceContext.Provider value={source}>{children}</AuthSourceContext.Provider>;
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

const noSource = () => () => {};
const nothing = () => null;

/** The source's login state (null without a provider), re-rendering when it changes. */
function useAuthView(source: AuthSource | null): AuthView | null {
  return useSyncExternalStore(source?.subscribe ?? noSource, source?.current ?? nothing, source?.current ?? nothing);
}

/** The login state and the actions that change it; an action waits for the auth machine if it is still to come (ADR 081). */
export function useAuth(): Auth {
  const source = useContext(AuthSourceContext);
  if (!source) throw new Error("useAuth() needs an <AuthProvider> above it");
  const view = useAuthView(source)!;
  return useMemo(
    () => ({
      ...view,
      login: async (credentials) => (await source.running()).login(credentials),
      logout: async () => (await source.running()).logout(),
      setOnboarded: async () => (await source.running()).setOnboarded(),
      recheck: async () => (await source.running()).recheck(),
    }),
    [source, view],
  );
}

/** Asks the server again who is logged in (e.g. after a call that logged this browser in); no-op without a provider. */
export function useAuthRecheck(): () => void {
  const source = useContext(AuthSourceContext);
  return useCallback(() => void source?.running().then((running) => running.forceRecheck()), [source]);
}

/** The login status, or null outside an AuthProvider (stories, isolated tests). */
export function useOptionalAuthStatus(): AuthStatus | null {
  return useAuthView(useContext(AuthSourceContext))?.status ?? null;
}

/** Whether a staff member is logged in (the growth console's links); false outside an AuthProvider. */
export function useOptionalIsStaff(): boolean {
  const view = useAuthView(useContext(AuthSourceContext));
  return view?.status === "loggedIn" && view.customer?.is_staff === true;
}
