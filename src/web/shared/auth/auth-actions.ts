import { waitFor, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { authMachine, Customer, LoginCredentials } from "./auth-machine.ts";
import type { AuthStatus } from "./auth-start.ts";

export type AuthActor = ActorRefFrom<typeof authMachine>;
export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** Pending until a check, login or logout has settled. */
export function authStatus(snapshot: AuthSnapshot): AuthStatus {
  if (snapshot.matches({ checked: "loggedIn" })) return "loggedIn";
  if (snapshot.matches({ checked: "loggedOut" })) return "loggedOut";
  return "pending";
}

/** Sends LOGIN and resolves with the customer, or rejects with the login's error. */
export async function logIn(actor: AuthActor, credentials: LoginCredentials): Promise<Customer> {
  actor.send({ type: "LOGIN", credentials });
  const snapshot = await waitFor(actor, (s) => !s.matches("loggingIn"));
  if (snapshot.matches({ checked: "loggedIn" }) && snapshot.context.customer) return snapshot.context.customer;
  throw snapshot.context.error ?? new Error("Login did not complete");
}

/** Sends LOGOUT and resolves once the state is cleared (it always is, even if the call fails). */
export async function logOut(actor: AuthActor): Promise<void> {
  actor.send({ type: "LOGOUT" });
  await waitFor(actor, (s) => !s.matches("loggingOut"));
}

/**
 * Marks the logged-in customer onboarded. Resolves once is_onboarded is true; a failure is logged
 * by the machine and rethrown here to the caller (spec §4).
 */
export async function setOnboarded(actor: AuthActor): Promise<void> {
  if (!actor.getSnapshot().matches({ checked: "loggedIn" })) throw new Error("Only a logged-in customer can be marked onboarded");
  actor.send({ type: "SET_ONBOARDED" });
  const snapshot = await waitFor(actor, (s) => !s.matches({ checked: { loggedIn: "savingOnboarded" } }));
  if (snapshot.context.error) throw snapshot.context.error;
}

/** Resolves with the settled snapshot of a fresh check (FORCE_RECHECK). */
export async function recheck(actor: AuthActor): Promise<AuthSnapshot> {
  actor.send({ type: "FORCE_RECHECK" });
  return waitFor(actor, (s) => authStatus(s) !== "pending");
}
