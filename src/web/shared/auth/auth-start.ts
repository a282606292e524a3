import type { Customer } from "#schemas/api/auth.ts";

export type AuthStatus = "pending" | "loggedIn" | "loggedOut";

/** What a page draws from the login state. */
export type AuthView = { status: AuthStatus; customer: Customer | null; logoutFailed: boolean };

/**
 * How the auth machine is started, from what the page's boot data says: no login cookie came
 * (`NO_SESSION`), the server asked who the cookie proves (`KNOWN`, ADR 075), or nothing is known (`CHECK`).
 */
export type AuthStartEvent = { type: "CHECK" } | { type: "NO_SESSION" } | { type: "KNOWN"; customer: Customer | null };

/** The start event for the boot data's `session` (a login cookie came) and `customer` (whom it proves). */
export function authStartEvent(options: { session?: boolean | undefined; customer?: Customer | null | undefined }): AuthStartEvent {
  if (options.session === false) return { type: "NO_SESSION" };
  return options.customer !== undefined ? { type: "KNOWN", customer: options.customer } : { type: "CHECK" };
}

export type AuthStart = "retryingLogout" | "checking" | "loggedIn" | "loggedOut";

/**
 * Where the auth machine goes from `unchecked` on a start event: the one rule, which the machine
 * follows (its `starting` state) and a page reads before the machine is loaded (viewAtStart, ADR 081).
 * Without a login cookie nobody is logged in; a logout this browser could not confirm is retried
 * before anything else (ADR 018); the server's answer stands without asking again.
 */
export function startsIn(event: AuthStartEvent, logoutPending: boolean): AuthStart {
  if (event.type === "NO_SESSION") return "loggedOut";
  if (logoutPending) return "retryingLogout";
  if (event.type === "CHECK") return "checking";
  return event.customer ? "loggedIn" : "loggedOut";
}

/** The login state right after the start event, as the machine would show it: known without loading it. */
export function viewAtStart(event: AuthStartEvent, logoutPending: boolean): AuthView {
  const at = startsIn(event, logoutPending);
  return {
    status: at === "loggedIn" || at === "loggedOut" ? at : "pending",
    customer: at === "loggedIn" && event.type === "KNOWN" ? event.customer : null,
    logoutFailed: false,
  };
}
