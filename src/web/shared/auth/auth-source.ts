import type { AuthRunning } from "./auth-runtime.ts";
import { viewAtStart, type AuthStartEvent, type AuthView } from "./auth-start.ts";
import { logoutPending } from "./login-state.ts";
import { valueStore } from "../value-store.ts";

/**
 * The login state of one page (or one server render, or one test). Until the auth machine runs it
 * is what the boot data already says (viewAtStart: logged in as the customer the server proved,
 * logged out without a login cookie, else pending), exactly the machine's first state after the
 * same start event; then it is the machine's. The machine, its actions and xstate are fetched on
 * `running()` (once): src/web/main.tsx calls it after the load event on a page that knows its
 * login state, at once on one that must ask; an action calls it too, and waits (ADR 081).
 */
export type AuthSource = {
  current: () => AuthView;
  subscribe: (listener: () => void) => () => void;
  /** The started machine: loaded and started with the page's start event on the first call. */
  running: () => Promise<AuthRunning>;
};

/** The browser's loader: the machine's module, fetched on first use (a chunk of its own). */
const loadAuth = (start: AuthStartEvent): Promise<AuthRunning> => import("./auth-runtime.ts").then(({ runAuth }) => runAuth(start));

const sameView = (a: AuthView, b: AuthView) => a.status === b.status && a.customer === b.customer && a.logoutFailed === b.logoutFailed;

/**
 * `load` starts the machine (the browser's by default; the server's render has none to start);
 * `pending` says whether a logout this browser could not confirm waits (read from storage by default).
 */
export function createAuthSource(
  start: AuthStartEvent,
  options: { load?: (start: AuthStartEvent) => Promise<AuthRunning>; pending?: boolean } = {},
): AuthSource {
  const { load = loadAuth, pending = logoutPending.get() } = options;
  const { current, subscribe, set: replace } = valueStore(viewAtStart(start, pending));
  const set = (next: AuthView) => {
    if (!sameView(next, current())) replace(next);
  };
  let loading: Promise<AuthRunning> | undefined;
  return {
    current,
    subscribe,
    running: () => {
      loading ??= load(start).then(
        (running) => {
          running.subscribe(() => set(running.view()));
          set(running.view());
          return running;
        },
        (error: unknown) => {
          // The chunk did not come (a lost connection): the next call asks for it again.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}
