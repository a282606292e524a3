import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, mockFetch, ok } from "#web/test/fetch-mock.ts";
import { renderRoute } from "#web/test/render-route.tsx";

const token = "r".repeat(43);

describe("password reset pages", () => {
  it("forgot password: answers the same sentence for any address", async () => {
    const calls = mockFetch({ "POST /auth/reset-password": ok({ ok: true }, 202) });
    renderRoute("/forgot-password");
    await userEvent.type(await screen.findByLabelText("Email address"), "someone@example.org");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toMatch(/If an account exists for that address/));
    expect(calls.find((c) => c.path === "/auth/reset-password")?.body).toEqual({ email: "someone@example.org" });
  });

  it("forgot password: announces a rate limit", async () => {
    mockFetch({ "POST /auth/reset-password": fail(429, "rate_limited") });
    renderRoute("/forgot-password");
    await userEvent.type(await screen.findByLabelText("Email address"), "someone@example.org");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/Too many attempts/));
  });

  it("reset: opening the page posts nothing; the button shows the new password once, with a copy button", async () => {
    const calls = mockFetch({ "POST /auth/reset-password/confirm": ok({ password: "maple-orbit-candle-42" }) });
    const { router } = renderRoute(`/reset-password?token=${token}`);
    const button = await screen.findByRole("button", { name: "Reset my password" });
    expect(calls).toHaveLength(0);
    await userEvent.click(button);
    const field = await screen.findByLabelText<HTMLInputElement>("Your new password");
    expect(field.value).toBe("maple-orbit-candle-42");
    expect(calls.find((c) => c.path === "/auth/reset-password/confirm")?.body).toEqual({ token });
    expect(router.state.location.search).toBe("");
    expect(screen.getByRole("link", { name: "Continue to login" }).getAttribute("href")).toBe("/login");
    await userEvent.click(screen.getByRole("button", { name: "Copy password" }));
    await waitFor(() => expect(document.body.textContent).toMatch(/Copied to clipboard|did not allow copying/));
  });

  it("reset: an expired token offers a new link", async () => {
    mockFetch({ "POST /auth/reset-password/confirm": fail(400, "invalid_token", "This reset link has expired or was already used. Ask for a new one.") });
    renderRoute(`/reset-password?token=${token}`);
    await userEvent.click(await screen.findByRole("button", { name: "Reset my password" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/expired or has already been used/));
    expect(screen.getByRole("link", { name: "Request a new reset link" }).getAttribute("href")).toBe("/forgot-password");
  });

  it("reset: without a token explains what is missing", async () => {
    renderRoute("/reset-password");
    expect((await screen.findByRole("alert")).textContent).toMatch(/needs the full link/);
  });
});
