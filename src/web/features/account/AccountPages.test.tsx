import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { allowConsoleErrors } from "../../test/console-guard.ts";
import { fail, mockFetch, ok } from "../../test/fetch-mock.ts";
import { renderRoute, testCustomer } from "../../test/render-route.tsx";

describe("account pages", () => {
  it("logs out and confirms it on the login page", async () => {
    const calls = mockFetch({ "POST /auth/logout": ok({ ok: true }) });
    const { router } = renderRoute("/account", { customer: testCustomer });
    await userEvent.click(await screen.findByRole("button", { name: "Log out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByText("You have been logged out.")).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /auth/logout"]);
  });

  it("offers the welcome to a customer who has not finished it", async () => {
    renderRoute("/account", { customer: testCustomer });
    expect((await screen.findByRole("link", { name: "Start the welcome" })).getAttribute("href")).toBe("/account/onboarding?id=1");
    expect(document.body.textContent).not.toMatch(/\{\{/);
  });

  it("finishing the welcome marks the customer onboarded and opens the account", async () => {
    const calls = mockFetch({ "POST /customers/set-onboarded": ok({ ...testCustomer, is_onboarded: true }) });
    const { router, auth } = renderRoute("/account/onboarding?id=1", { customer: testCustomer });
    await userEvent.click(await screen.findByRole("button", { name: "Finish and go to my account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account"));
    expect(auth.getSnapshot().context.customer?.is_onboarded).toBe(true);
    expect(calls.map((c) => c.path)).toContain("/customers/set-onboarded");
    expect(screen.queryByRole("link", { name: "Start the welcome" })).toBeNull();
  });

  it("a failed save is announced and can be retried", async () => {
    allowConsoleErrors(/Marking the customer onboarded failed/);
    mockFetch({ "POST /customers/set-onboarded": fail(500, "internal") });
    const { router } = renderRoute("/account/onboarding?id=1", { customer: testCustomer });
    await userEvent.click(await screen.findByRole("button", { name: "Finish and go to my account" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/could not save/));
    expect(router.state.location.pathname).toBe("/account/onboarding");
    expect(screen.getByRole("button", { name: "Finish and go to my account" })).toBeTruthy();
  });
});
