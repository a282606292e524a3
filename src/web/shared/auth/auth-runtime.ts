import { createActor } from "xstate";
import { onApiAnswered } from "../api/client.ts";
import { authStatus, logIn, logOut, recheck, setOnboarded, type AuthActor } from "./auth-actions.ts";
import { authMachine, type Customer, type LoginCredentials } from "./auth-machine.ts";
import type { AuthStartEvent, AuthView } from "./auth-start.ts";

/**
 * The auth machine, its actions and xstate: what src/web/shared/auth/auth-source.ts imports when a
 * page first needs them, after the load event on a page that already knows its login state (ADR 081).
 */

/**
 * Creates, starts and checks the app's one auth actor. It lives as long as the page, outside
 * React, so StrictMode's double effects never start a second login check. Every successful API
 * call (except the logout itself and client logs, which a failing logout causes) lets a pending
 * logout be retried.
 */
export function startAuth(start: AuthStartEvent, logic: typeof authMachine = authMachine): AuthActor {
  const actor = createActor(logic);
  actor.start();
  const stop = onApiAnswered((path) => {
    if (actor.getSnapshot().status !== "active") stop();
    else if (path !== "/auth/logout" && path !== "/log") actor.send({ type: "API_REACHED" });
  });
  actor.send(start);
  return actor;
}

/** A started auth actor, as the page's AuthSource reads and drives it. */
export type AuthRunning = {
  actor: AuthActor;
  view: () => AuthView;
  subscribe: (listener: () => void) => void;
  login: (credentials: LoginCredentials) => Promise<Customer>;
  logout: () => Promise<void>;
  setOnboarded: () => Promise<void>;
  recheck: () => Promise<void>;
  forceRecheck: () => void;
};

export function runningAuth(actor: AuthActor): AuthRunning {
  return {
    actor,
    view: () => {
      const snapshot = actor.getSnapshot();
      return { status: authStatus(snapshot), customer: snapshot.context.customer, logoutFailed: snapshot.context.logoutFailed };
    },
    subscribe: (listener) => void actor.subscribe(listener),
    login: (credentials) => logIn(actor, credentials),
    logout: () => logOut(actor),
    setOnboarded: () => setOnboarded(actor),
    recheck: async () => {
      await recheck(actor);
    },
    forceRecheck: () => actor.send({ type: "FORCE_RECHECK" }),
  };
}

/** The page's auth actor, started with the boot data's start event. */
export const runAuth = (start: AuthStartEvent): AuthRunning => runningAuth(startAuth(start));
