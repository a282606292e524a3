import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { allowConsoleErrors } from "#web/test/console-guard.ts";
import { fail, mockFetch, ok, type Call } from "#web/test/fetch-mock.ts";
import { authStatus, logIn, logOut, recheck, setOnboarded } from "./auth-actions.ts";
import { authMachine, NO_CREDENTIALS_MESSAGE, type Customer } from "./auth-machine.ts";
import { api } from "../api/client.ts";
import { runningAuth, startAuth } from "./auth-runtime.ts";
import { authStartEvent, viewAtStart, type AuthStartEvent } from "./auth-start.ts";
import { logoutPending } from "./login-state.ts";

const customer = { id: "0b6f8a8e-2c51-4a43-9d0a-6f4d3f0e1a11", email: "ada@example.org", is_onboarded: false, is_staff: false, first_name: null };

function started() {
  const actor = createActor(authMachine);
  actor.start();
  return actor;
}

async function checked() {
  const actor = started();
  actor.send({ type: "CHECK" });
  await waitFor(actor, (s) => authStatus(s) !== "pending");
  return actor;
}

const logCalls = (calls: Call[]) => calls.filter((c) => c.path === "/log");
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("auth machine", () => {
  it("starts unchecked with no customer and no flags", () => {
    const actor = started();
    expect(actor.getSnapshot().value).toBe("unchecked");
    expect(actor.getSnapshot().context).toMatchObject({ customer: null, isLoggedIn: false, isLoginChecked: false });
  });

  it("CHECK with a session: checking → checked.loggedIn with the customer", async () => {
    const calls = mockFetch({ "GET /auth/customer": ok(customer) });
    const actor = started();
    actor.send({ type: "CHECK" });
    expect(actor.getSnapshot().value).toBe("checking");
    const snapshot = await waitFor(actor, (s) => s.matches("checked"));
    expect(snapshot.value).toEqual({ checked: { loggedIn: "idle" } });
    expect(snapshot.context).toMatchObject({ customer, isLoggedIn: true, isLoginChecked: true });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /auth/customer"]);
  });

  it("CHECK without a session (401): checked.loggedOut, nothing logged", async () => {
    const calls = mockFetch({ "GET /auth/customer": fail(401, "unauthorized") });
    const actor = await checked();
    expect(actor.getSnapshot().value).toEqual({ checked: "loggedOut" });
    expect(actor.getSnapshot().context).toMatchObject({ customer: null, isLoggedIn: false, isLoginChecked: true });
    expect(logCalls(calls)).toHaveLength(0);
  });

  it("a page that came without a login cookie is logged out at once, without asking the server", async () => {
    const calls = mockFetch({});
    logoutPending.set();
    const actor = startAuth(authStartEvent({ session: false }));
    expect(actor.getSnapshot().value).toEqual({ checked: "loggedOut" });
    expect(actor.getSnapshot().context).toMatchObject({ customer: null, isLoggedIn: false, isLoginChecked: true, logoutFailed: false });
    await flush();
    expect(calls).toEqual([]);
    // Without the cookie there is no server session left to log out of.
    expect(logoutPending.get()).toBe(false);
    actor.stop();
  });

  it("a page that came with a login cookie asks who is logged in", async () => {
    const calls = mockFetch({ "GET /auth/customer": ok(customer) });
    const actor = startAuth(authStartEvent({ session: true }));
    await waitFor(actor, (s) => s.matches("checked"));
    expect(actor.getSnapshot().context.customer).toEqual(customer);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /auth/customer"]);
    actor.stop();
  });

  it("a page the server drew for the customer its cookie proves starts logged in as them, without asking (ADR 075)", async () => {
    const calls = mockFetch({});
    const actor = startAuth(authStartEvent({ session: true, customer }));
    expect(actor.getSnapshot().value).toEqual({ checked: { loggedIn: "idle" } });
    expect(actor.getSnapshot().context).toMatchObject({ customer, isLoggedIn: true, isLoginChecked: true });
    await flush();
    expect(calls).toEqual([]);
    actor.stop();
  });

  it("a page whose cookie the server found proves nobody starts logged out, without asking", async () => {
    const calls = mockFetch({});
    const actor = startAuth(authStartEvent({ session: true, customer: null }));
    expect(actor.getSnapshot().value).toEqual({ checked: "loggedOut" });
    expect(actor.getSnapshot().context).toMatchObject({ customer: null, isLoggedIn: false, isLoginChecked: true });
    await flush();
    expect(calls).toEqual([]);
    actor.stop();
  });

  it("a logout this browser could not confirm is retried first, even on a page drawn for the customer", async () => {
    logoutPending.set();
    const calls = mockFetch({ "POST /auth/logout": ok({ ok: true }), "GET /auth/customer": fail(401, "unauthorized") });
    const actor = startAuth(authStartEvent({ session: true, customer }));
    await waitFor(actor, (s) => s.matches("checked"));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /auth/logout", "GET /auth/customer"]);
    expect(authStatus(actor.getSnapshot())).toBe("loggedOut");
    actor.stop();
  });

  it.each([
    ...[{ type: "CHECK" }, { type: "NO_SESSION" }, { type: "KNOWN", customer }, { type: "KNOWN", customer: null }].flatMap((start) => [
      [start as AuthStartEvent, false],
      [start as AuthStartEvent, true],
    ]),
  ] as [AuthStartEvent, boolean][])(
    "starts on %o (logout pending: %s) in the state a page reads before loading it (viewAtStart, ADR 081)",
    (start, pending) => {
      if (pending) logoutPending.set();
      const never = () => new Promise<never>(() => {});
      const actor = startAuth(start, authMachine.provide({ actors: { fetchCustomer: fromPromise<Customer | null>(never), logOut: fromPromise<void>(never) } }));
      expect(runningAuth(actor).view()).toEqual(viewAtStart(start, pending));
      actor.stop();
    },
  );

  it("a failed check is logged and treated as logged out", async () => {
    allowConsoleErrors(/Login check failed/);
    const calls = mockFetch({ "GET /auth/customer": fail(500, "internal") });
    const actor = await checked();
    expect(actor.getSnapshot().value).toEqual({ checked: "loggedOut" });
    expect(actor.getSnapshot().context.isLoginChecked).toBe(true);
    expect(logCalls(calls)[0]?.body).toMatchObject({ level: "error", message: expect.stringMatching(/Login check failed/) });
  });

  it("FORCE_RECHECK resets the customer and flags and checks again", async () => {
    let loggedIn = true;
    const calls = mockFetch({ "GET /auth/customer": () => (loggedIn ? ok(customer) : fail(401, "unauthorized")) });
    const actor = await checked();
    expect(authStatus(actor.getSnapshot())).toBe("loggedIn");
    loggedIn = false;
    actor.send({ type: "FORCE_RECHECK" });
    expect(actor.getSnapshot().value).toBe("checking");
    expect(actor.getSnapshot().context).toMatchObject({ customer: null, isLoggedIn: false, isLoginChecked: false });
    await waitFor(actor, (s) => s.matches("checked"));
    expect(authStatus(actor.getSnapshot())).toBe("loggedOut");
    expect(calls.filter((c) => c.path === "/auth/customer")).toHaveLength(2);
    const viaHelper = await recheck(actor);
    expect(authStatus(viaHelper)).toBe("loggedOut");
  });

  it("LOGIN with a password clears the checked flag, then sets the customer", async () => {
    const calls = mockFetch({ "GET /auth/customer": fail(401, "unauthorized"), "POST /auth/login": ok(customer) });
    const actor = await checked();
    actor.send({ type: "LOGIN", credentials: { email: customer.email, password: "correct horse battery" } });
    expect(actor.getSnapshot().value).toBe("loggingIn");
    expect(actor.getSnapshot().context.isLoginChecked).toBe(false);
    const snapshot = await waitFor(actor, (s) => s.matches("checked"));
    expect(snapshot.context).toMatchObject({ customer, isLoggedIn: true, isLoginChecked: true });
    expect(calls.find((c) => c.path === "/auth/login")?.body).toEqual({ email: customer.email, password: "correct horse battery" });
  });

  it("LOGIN with a token sends only the token; the helper resolves with the customer", async () => {
    const calls = mockFetch({ "POST /auth/login": ok(customer) });
    const actor = started();
    await expect(logIn(actor, { email: customer.email, tmp_token: "t".repeat(43) })).resolves.toEqual(customer);
    expect(calls[0]?.body).toEqual({ email: customer.email, tmp_token: "t".repeat(43) });
  });

  it("LOGIN without password or token fails with 'No password or token provided' and calls nothing", async () => {
    const calls = mockFetch({});
    const actor = started();
    await expect(logIn(actor, { email: customer.email })).rejects.toThrow(NO_CREDENTIALS_MESSAGE);
    expect(calls).toHaveLength(0);
    expect(actor.getSnapshot().value).toEqual({ checked: "loggedOut" });
  });

  it("a rejected LOGIN leaves the visitor logged out and hands the API error to the caller", async () => {
    mockFetch({ "POST /auth/login": fail(401, "invalid_credentials", "The e-mail address or password is not right") });
    const actor = started();
    await expect(logIn(actor, { email: customer.email, password: "wrong" })).rejects.toMatchObject({ status: 401, code: "invalid_credentials" });
    expect(actor.getSnapshot().context).toMatchObject({ customer: null, isLoggedIn: false, isLoginChecked: true });
  });

  it("LOGOUT clears the customer and both flags", async () => {
    const calls = mockFetch({ "GET /auth/customer": ok(customer), "POST /auth/logout": ok({ ok: true }) });
    const actor = await checked();
    await logOut(actor);
    expect(actor.getSnapshot().value).toEqual({ checked: "loggedOut" });
    expect(actor.getSnapshot().context).toMatchObject({ customer: null, isLoggedIn: false, isLoginChecked: false });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain("POST /auth/logout");
  });

  it("LOGOUT clears the state even when the call fails, and logs the failure", async () => {
    allowConsoleErrors(/Logout call failed/);
    const calls = mockFetch({ "GET /auth/customer": ok(customer), "POST /auth/logout": new TypeError("Failed to fetch") });
    const actor = await checked();
    await logOut(actor);
    expect(actor.getSnapshot().context).toMatchObject({ customer: null, isLoggedIn: false, isLoginChecked: false });
    await flush();
    expect(logCalls(calls)[0]?.body).toMatchObject({ level: "error", message: expect.stringMatching(/Logout call failed/) });
  });

  it("SET_ONBOARDED sets is_onboarded on success", async () => {
    const calls = mockFetch({ "GET /auth/customer": ok(customer), "POST /customers/set-onboarded": ok({ ...customer, is_onboarded: true }) });
    const actor = await checked();
    await setOnboarded(actor);
    expect(actor.getSnapshot().context.customer?.is_onboarded).toBe(true);
    expect(actor.getSnapshot().value).toEqual({ checked: { loggedIn: "idle" } });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain("POST /customers/set-onboarded");
  });

  it("a failed SET_ONBOARDED is logged and rethrown; the customer stays not onboarded", async () => {
    allowConsoleErrors(/Marking the customer onboarded failed/);
    const calls = mockFetch({ "GET /auth/customer": ok(customer), "POST /customers/set-onboarded": fail(500, "internal", "Server error") });
    const actor = await checked();
    await expect(setOnboarded(actor)).rejects.toMatchObject({ status: 500 });
    expect(actor.getSnapshot().context.customer?.is_onboarded).toBe(false);
    await flush();
    expect(logCalls(calls)[0]?.body).toMatchObject({ level: "error" });
  });

  it("SET_ONBOARDED needs a logged-in customer", async () => {
    mockFetch({ "GET /auth/customer": fail(401, "unauthorized") });
    const actor = await checked();
    await expect(setOnboarded(actor)).rejects.toThrow(/logged-in/);
  });
});

describe("a logout the server did not confirm", () => {
  const offline = () => new TypeError("Failed to fetch");
  const callsOf = (calls: Call[]) => calls.filter((c) => c.path !== "/log").map((c) => `${c.method} ${c.path}`);

  it("keeps the pending mark and says so, and a later successful logout clears both", async () => {
    allowConsoleErrors(/Logout call failed/);
    let down = true;
    mockFetch({ "GET /auth/customer": ok(customer), "POST /auth/logout": () => (down ? offline() : ok({ ok: true })) });
    const actor = await checked();
    await logOut(actor);
    expect(actor.getSnapshot().context).toMatchObject({ customer: null, isLoggedIn: false, logoutFailed: true });
    expect(logoutPending.get()).toBe(true);
    down = false;
    await logOut(actor);
    expect(actor.getSnapshot().context.logoutFailed).toBe(false);
    expect(logoutPending.get()).toBe(false);
    actor.stop();
  });

  it("on the next page load logs out again before the login check, so the old session cannot log the page back in", async () => {
    logoutPending.set();
    let session = true;
    const calls = mockFetch({
      "POST /auth/logout": () => ((session = false), ok({ ok: true })),
      "GET /auth/customer": () => (session ? ok(customer) : fail(401, "unauthorized")),
    });
    const actor = await checked();
    expect(callsOf(calls)).toEqual(["POST /auth/logout", "GET /auth/customer"]);
    expect(authStatus(actor.getSnapshot())).toBe("loggedOut");
    expect(actor.getSnapshot().context).toMatchObject({ customer: null, isLoginChecked: true, logoutFailed: false });
    expect(logoutPending.get()).toBe(false);
    actor.stop();
  });

  it("when that retry fails too, stays logged out without asking who is logged in, and keeps the mark", async () => {
    logoutPending.set();
    const calls = mockFetch({ "POST /auth/logout": offline(), "GET /auth/customer": ok(customer) });
    const actor = await checked();
    expect(callsOf(calls)).toEqual(["POST /auth/logout"]);
    expect(authStatus(actor.getSnapshot())).toBe("loggedOut");
    expect(actor.getSnapshot().context).toMatchObject({ customer: null, isLoggedIn: false, logoutFailed: true });
    expect(logoutPending.get()).toBe(true);
    // FORCE_RECHECK does not bypass it either.
    actor.send({ type: "FORCE_RECHECK" });
    await waitFor(actor, (s) => authStatus(s) !== "pending");
    expect(callsOf(calls)).toEqual(["POST /auth/logout", "POST /auth/logout"]);
    expect(authStatus(actor.getSnapshot())).toBe("loggedOut");
  });

  it("retries on the next successful API call and clears the mark once the server confirms", async () => {
    allowConsoleErrors(/Logout call failed/);
    let down = true;
    const calls = mockFetch({
      "GET /auth/customer": () => (down ? ok(customer) : fail(401, "unauthorized")),
      "POST /auth/logout": () => (down ? offline() : ok({ ok: true })),
      "GET /article/list": ok([]),
    });
    const actor = startAuth({ type: "CHECK" });
    await waitFor(actor, (s) => authStatus(s) === "loggedIn");
    await logOut(actor);
    expect(logoutPending.get()).toBe(true);
    await flush();
    down = false;
    await api.get("/article/list");
    await waitFor(actor, (s) => !s.context.logoutFailed && authStatus(s) === "loggedOut");
    expect(callsOf(calls)).toEqual(["GET /auth/customer", "POST /auth/logout", "GET /article/list", "POST /auth/logout", "GET /auth/customer"]);
    expect(logoutPending.get()).toBe(false);
    actor.stop();
  });

  it("a new login clears the mark", async () => {
    logoutPending.set();
    mockFetch({ "POST /auth/logout": offline(), "POST /auth/login": ok(customer) });
    const actor = await checked();
    await logIn(actor, { email: customer.email, password: "correct horse battery" });
    expect(logoutPending.get()).toBe(false);
    expect(actor.getSnapshot().context.logoutFailed).toBe(false);
  });
});
