import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch, ok } from "#web/test/fetch-mock.ts";
import { useAuth, AuthProvider } from "./AuthProvider.tsx";
import type { AuthRunning } from "./auth-runtime.ts";
import { createAuthSource } from "./auth-source.ts";
import type { AuthStartEvent } from "./auth-start.ts";

const customer = { id: "0b6f8a8e-2c51-4a43-9d0a-6f4d3f0e1a11", email: "ada@example.org", is_onboarded: false, is_staff: false, first_name: null };

/**
 * The machine's module behind a gate the test opens: what the browser's dynamic import does, with
 * its resolution in the test's hands (ADR 081).
 */
const started: AuthRunning[] = [];
afterEach(() => {
  for (const running of started.splice(0)) running.actor.stop();
});

function gatedLoad() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const asked: AuthStartEvent[] = [];
  const load = async (start: AuthStartEvent): Promise<AuthRunning> => {
    asked.push(start);
    await opened;
    const { runAuth } = await import("./auth-runtime.ts");
    const running = runAuth(start);
    started.push(running);
    return running;
  };
  return { load, open, asked };
}

function LoginState() {
  const auth = useAuth();
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <p>
        {auth.status} {auth.customer?.email ?? "nobody"}
      </p>
      <button type="button" onClick={() => void auth.logout().then(() => setDone("logged out"))}>
        Log out
      </button>
      <button
        type="button"
        onClick={() => void auth.login({ email: customer.email, password: "correct horse battery" }).then((c) => setDone(`in as ${c.email}`))}
      >
        Log in
      </button>
      {done ? <p>done: {done}</p> : null}
    </>
  );
}

describe("useAuth before the auth machine has come", () => {
  it.each([
    [{ type: "KNOWN", customer } as const, "loggedIn ada@example.org"],
    [{ type: "KNOWN", customer: null } as const, "loggedOut nobody"],
    [{ type: "NO_SESSION" } as const, "loggedOut nobody"],
    [{ type: "CHECK" } as const, "pending nobody"],
  ])("answers what the boot data says (%o): %s, without loading the machine", (start, shown) => {
    mockFetch({});
    const { load, asked } = gatedLoad();
    render(
      <AuthProvider source={createAuthSource(start, { load })}>
        <LoginState />
      </AuthProvider>,
    );
    expect(screen.getByText(shown)).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it("a logout asked for before the machine has come waits for it, then logs out", async () => {
    const calls = mockFetch({ "POST /auth/logout": ok({ ok: true }) });
    const { load, open, asked } = gatedLoad();
    render(
      <AuthProvider source={createAuthSource({ type: "KNOWN", customer }, { load })}>
        <LoginState />
      </AuthProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Log out" }));
    // The machine is asked for, and nothing is sent until it has come.
    expect(asked).toEqual([{ type: "KNOWN", customer }]);
    expect(calls).toEqual([]);
    expect(screen.getByText("loggedIn ada@example.org")).toBeTruthy();
    open();
    expect(await screen.findByText("done: logged out")).toBeTruthy();
    expect(screen.getByText("loggedOut nobody")).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /auth/logout"]);
  });

  it("a login asked for before the machine has come resolves with the customer once it has", async () => {
    const calls = mockFetch({ "POST /auth/login": ok(customer) });
    const { load, open } = gatedLoad();
    render(
      <AuthProvider source={createAuthSource({ type: "NO_SESSION" }, { load })}>
        <LoginState />
      </AuthProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(calls).toEqual([]);
    open();
    expect(await screen.findByText("done: in as ada@example.org")).toBeTruthy();
    expect(screen.getByText("loggedIn ada@example.org")).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /auth/login"]);
  });
});
