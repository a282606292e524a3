import { assertEvent, assign, enqueueActions, fromPromise, setup } from "xstate";
import { ApiError, api } from "../api/client.ts";
import type { Customer, LoginBody } from "#schemas/api/auth.ts";
import { logClient } from "../log/log.ts";
import { startsIn, type AuthStart, type AuthStartEvent } from "./auth-start.ts";
import { logoutPending } from "./login-state.ts";

/** The logged-in customer as GET /auth/customer returns it. */
export type { Customer };

/** Login payload: an e-mail plus a password or a single-use token from an e-mailed link. */
export type LoginCredentials = LoginBody;

export const NO_CREDENTIALS_MESSAGE = "No password or token provided";

export type AuthContext = {
  customer: Customer | null;
  isLoggedIn: boolean;
  isLoginChecked: boolean;
  /** The error of the last operation that failed (login, set-onboarded), for its caller. */
  error: unknown;
  /** The last logout call failed and no retry has succeeded yet: the server may still hold the session. */
  logoutFailed: boolean;
};

export type AuthEvent =
  /**
   * CHECK: ask who is logged in. NO_SESSION: the page came without a login cookie (the server's boot
   * data), nobody can be logged in. KNOWN: the server asked who this page's login cookie proves (its
   * boot data, ADR 075): this customer, or nobody; without asking again.
   */
  | AuthStartEvent
  | { type: "FORCE_RECHECK" }
  | { type: "LOGIN"; credentials: LoginCredentials }
  | { type: "LOGOUT" }
  | { type: "SET_ONBOARDED" }
  /** The API answered a call successfully: a pending logout can be tried again. */
  | { type: "API_REACHED" };

/** GET /auth/customer; a 401 means "logged out", not a failure. */
async function fetchCustomer(signal: AbortSignal): Promise<Customer | null> {
  try {
    return await api.get<Customer>("/auth/customer", { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

async function logIn({ email, password, tmp_token }: LoginCredentials): Promise<Customer> {
  if (!password && !tmp_token) throw new Error(NO_CREDENTIALS_MESSAGE);
  return api.post<Customer>("/auth/login", password ? { email, password } : { email, tmp_token });
}

/** Whether a start event leads to `at` (auth-start.ts's rule, with this browser's pending logout). */
const startsAt =
  (at: AuthStart) =>
  ({ event }: { event: AuthEvent }): boolean =>
    (event.type === "CHECK" || event.type === "NO_SESSION" || event.type === "KNOWN") && startsIn(event, logoutPending.get()) === at;

const signedOut = { customer: null, isLoggedIn: false, isLoginChecked: false } as const;

/**
 * Who is logged in (spec §4). `unchecked` → CHECK → `checking` → `checked.loggedIn` or
 * `checked.loggedOut`. FORCE_RECHECK clears everything and checks again from any state. LOGIN
 * clears the checked flag while it runs and sets the customer on success. LOGOUT clears the
 * customer and both flags whether or not the call succeeds, and does not check again, so a
 * failed logout call can never log the page back in.
 *
 * A failed logout also leaves a "logout pending" mark (login-state.ts). While it is there, CHECK
 * first calls POST /auth/logout again (`retryingLogout`) and only checks who is logged in once the
 * server confirmed; if the retry fails too the page stays logged out without asking. API_REACHED
 * (any successful API call) retries from `checked.loggedOut`. A confirmed logout or a new login
 * clears the mark.
 */
export const authMachine = setup({
  types: { context: {} as AuthContext, events: {} as AuthEvent },
  actors: {
    fetchCustomer: fromPromise<Customer | null>(({ signal }) => fetchCustomer(signal)),
    logIn: fromPromise<Customer, LoginCredentials>(({ input }) => logIn(input)),
    logOut: fromPromise<void>(async () => {
      await api.post("/auth/logout");
    }),
    markOnboarded: fromPromise<void>(async () => {
      await api.post("/customers/set-onboarded");
    }),
  },
  actions: {
    reset: assign({ ...signedOut, error: null }),
    logoutConfirmed: enqueueActions(({ enqueue }) => {
      enqueue.assign({ logoutFailed: false });
      enqueue(() => logoutPending.clear());
    }),
    logoutUnconfirmed: enqueueActions(({ enqueue }) => {
      enqueue.assign({ logoutFailed: true });
      enqueue(() => logoutPending.set());
    }),
    clearError: assign({ error: null }),
    uncheck: assign({ isLoginChecked: false }),
  },
  guards: {
    logoutPending: () => logoutPending.get(),
  },
}).createMachine({
  id: "auth",
  context: { ...signedOut, error: null, logoutFailed: false },
  initial: "unchecked",
  on: {
    FORCE_RECHECK: [
      { guard: "logoutPending", target: ".retryingLogout", actions: "reset" },
      { target: ".checking", actions: "reset" },
    ],
    LOGIN: { target: ".loggingIn", actions: ["uncheck", "clearError"] },
  },
  states: {
    unchecked: {
      on: { CHECK: "starting", NO_SESSION: "starting", KNOWN: "starting" },
    },
    // Where a start event leads is auth-start.ts's rule (startsIn), which a page also reads before this machine is loaded (ADR 081).
    starting: {
      always: [
        { guard: startsAt("retryingLogout"), target: "retryingLogout" },
        { guard: startsAt("checking"), target: "checking" },
        {
          guard: startsAt("loggedIn"),
          target: "checked.loggedIn",
          actions: assign({ customer: ({ event }) => (event.type === "KNOWN" ? event.customer : null), isLoggedIn: true, isLoginChecked: true }),
        },
        {
          target: "checked.loggedOut",
          actions: enqueueActions(({ event, enqueue }) => {
            enqueue.assign({ ...signedOut, isLoginChecked: true });
            // Without the cookie the server holds no session for this browser, so a pending logout is done too.
            if (event.type === "NO_SESSION") enqueue("logoutConfirmed");
          }),
        },
      ],
    },
    retryingLogout: {
      invoke: {
        src: "logOut",
        onDone: { target: "checking", actions: "logoutConfirmed" },
        onError: {
          target: "checked.loggedOut",
          actions: [
            assign({ ...signedOut, isLoginChecked: true, logoutFailed: true }),
            ({ event }) => logClient("warn", "Logout retry failed; staying logged out", event.error),
          ],
        },
      },
    },
    checking: {
      invoke: {
        src: "fetchCustomer",
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: "checked.loggedIn",
            actions: assign({ customer: ({ event }) => event.output, isLoggedIn: true, isLoginChecked: true }),
          },
          { target: "checked.loggedOut", actions: assign({ ...signedOut, isLoginChecked: true }) },
        ],
        onError: {
          target: "checked.loggedOut",
          actions: [
            assign({ ...signedOut, isLoginChecked: true }),
            ({ event }) => logClient("error", "Login check failed; treating the visitor as logged out", event.error),
          ],
        },
      },
    },
    loggingIn: {
      invoke: {
        src: "logIn",
        input: ({ event }) => {
          assertEvent(event, "LOGIN");
          return event.credentials;
        },
        onDone: {
          target: "checked.loggedIn",
          actions: [assign({ customer: ({ event }) => event.output, isLoggedIn: true, isLoginChecked: true, error: null }), "logoutConfirmed"],
        },
        onError: {
          target: "checked.loggedOut",
          actions: assign({ ...signedOut, isLoginChecked: true, error: ({ event }) => event.error }),
        },
      },
    },
    loggingOut: {
      invoke: {
        src: "logOut",
        onDone: { target: "checked.loggedOut", actions: ["reset", "logoutConfirmed"] },
        onError: {
          target: "checked.loggedOut",
          actions: [
            "reset",
            "logoutUnconfirmed",
            ({ event }) => logClient("error", "Logout call failed; cleared the login state anyway and will retry", event.error),
          ],
        },
      },
    },
    checked: {
      initial: "loggedOut",
      states: {
        loggedIn: {
          initial: "idle",
          on: { LOGOUT: "#auth.loggingOut" },
          states: {
            idle: {
              on: { SET_ONBOARDED: { target: "savingOnboarded", actions: "clearError" } },
            },
            savingOnboarded: {
              invoke: {
                src: "markOnboarded",
                onDone: {
                  target: "idle",
                  actions: assign({ customer: ({ context }) => (context.customer ? { ...context.customer, is_onboarded: true } : null) }),
                },
                onError: {
                  target: "idle",
                  actions: [
                    assign({ error: ({ event }) => event.error }),
                    ({ event }) => logClient("error", "Marking the customer onboarded failed", event.error),
                  ],
                },
              },
            },
          },
        },
        loggedOut: {
          on: {
            LOGOUT: { target: "#auth.loggingOut" },
            API_REACHED: { guard: "logoutPending", target: "#auth.retryingLogout" },
          },
        },
      },
    },
  },
});
