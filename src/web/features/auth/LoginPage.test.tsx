import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, mockFetch, notFound, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";

/** What the account's first page asks for once the login lands there; this test only follows the login. */
const accountOpens = notFound("GET /customer/settings", "GET /customer/paid-content", "GET /customer/latest-reports", "GET /customer/edu-plan/list");

describe("LoginPage", () => {
  it("labels every field, with autocomplete, and links to the reset page", async () => {
    renderRoute("/login");
    const email = await screen.findByLabelText("Email address");
    const password = screen.getByLabelText("Password");
    expect(email.getAttribute("type")).toBe("email");
    expect(email.getAttribute("autocomplete")).toBe("email");
    expect(password.getAttribute("type")).toBe("password");
    expect(password.getAttribute("autocomplete")).toBe("current-password");
    expect(screen.getByRole("link", { name: "Forgot your password?" }).getAttribute("href")).toBe("/forgot-password");
    expect(document.body.textContent).not.toMatch(/\{\{/);
  });

  it("logs in with a password and goes to next", async () => {
    const calls = mockFetch({ "POST /auth/login": ok(testCustomer), ...accountOpens });
    const { router } = renderRoute(`/login?next=${encodeURIComponent("/account?style=1")}`);
    await userEvent.type(await screen.findByLabelText("Email address"), "ada@example.org");
    await userEvent.type(screen.getByLabelText("Password"), "a long enough password");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account"));
    expect(router.state.location.search).toBe("?style=1");
    expect(calls.find((c) => c.path === "/auth/login")?.body).toEqual({ email: "ada@example.org", password: "a long enough password" });
  });

  it("announces a wrong password with role=alert and stays on the page", async () => {
    mockFetch({ "POST /auth/login": fail(401, "invalid_credentials", "The e-mail address or password is not right") });
    const { router } = renderRoute("/login");
    await userEvent.type(await screen.findByLabelText("Email address"), "ada@example.org");
    await userEvent.type(screen.getByLabelText("Password"), "wrong password");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("That email and password combination does not match our records."));
    expect(router.state.location.pathname).toBe("/login");
  });

  it("e-mails a login link for the typed address, and asks for the address first", async () => {
    const calls = mockFetch({ "POST /auth/login-link": ok({ ok: true }, 202) });
    renderRoute("/login");
    await userEvent.click(await screen.findByRole("button", { name: "Email me a login link instead" }));
    expect(screen.getByRole("alert").textContent).toMatch(/Enter your email address first/);
    await userEvent.type(screen.getByLabelText("Email address"), "ada@example.org");
    await userEvent.click(screen.getByRole("button", { name: "Email me a login link instead" }));
    await waitFor(() => expect(screen.getAllByRole("status").some((s) => /Check your inbox/.test(s.textContent ?? ""))).toBe(true));
    expect(calls.find((c) => c.path === "/auth/login-link")?.body).toEqual({ email: "ada@example.org" });
  });

  it("logs in automatically from an e-mailed link and opens the account", async () => {
    const calls = mockFetch({ "POST /auth/login": ok(testCustomer), ...accountOpens });
    const token = "k".repeat(43);
    const { router } = renderRoute(`/login?email=ada%40example.org&tmp_token=${token}`);
    await waitFor(() => expect(router.state.location.pathname).toBe("/account"));
    expect(calls.filter((c) => c.path === "/auth/login")).toEqual([
      { method: "POST", path: "/auth/login", body: { email: "ada@example.org", tmp_token: token } },
    ]);
  });

  it("explains an expired link, keeps the address and drops the token from the URL", async () => {
    mockFetch({ "POST /auth/login": fail(401, "invalid_token", "This login link has expired or was already used. Ask for a new one.") });
    const { router } = renderRoute(`/login?email=ada%40example.org&tmp_token=${"k".repeat(43)}`);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/login link has expired/));
    expect(screen.getByLabelText<HTMLInputElement>("Email address").value).toBe("ada@example.org");
    expect(router.state.location.search).toBe("?email=ada%40example.org");
  });
});
