import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, mockFetch, ok } from "../../../test/fetch-mock.ts";
import { renderRoute, testCustomer } from "../../../test/render-route.tsx";

const URL = "/account/profile/account-settings";
const settings = (over: Record<string, unknown> = {}) => ({
  email: testCustomer.email,
  has_password: true,
  marketing_consent: false,
  marketing_consent_at: null,
  ...over,
});
const section = (name: string) => screen.getByRole("region", { name });

describe("SettingsPage", () => {
  it("changes the password: the two new ones must match; the server's reason is shown", async () => {
    const calls = mockFetch({
      "GET /customer/settings": ok(settings()),
      "POST /auth/change-password": fail(403, "wrong_password", "Your current password is not right"),
    });
    renderRoute(URL, { customer: testCustomer });
    const password = await screen.findByRole("region", { name: "Password" });
    const u = userEvent.setup();
    await u.type(within(password).getByLabelText("Current password"), "old password here");
    await u.type(within(password).getByLabelText("New password"), "a brand new passphrase");
    await u.type(within(password).getByLabelText("New password again"), "a different passphrase");
    await u.click(within(password).getByRole("button", { name: "Change password" }));
    expect(within(password).getByRole("alert").textContent).toBe("The two new passwords are not the same.");
    expect(calls.some((c) => c.path === "/auth/change-password")).toBe(false);
    await u.clear(within(password).getByLabelText("New password again"));
    await u.type(within(password).getByLabelText("New password again"), "a brand new passphrase");
    await u.click(within(password).getByRole("button", { name: "Change password" }));
    expect((await within(password).findByRole("alert")).textContent).toBe("Your current password is not right");
    expect(calls.find((c) => c.path === "/auth/change-password")?.body).toEqual({
      current_password: "old password here",
      new_password: "a brand new passphrase",
    });
  });

  it("an account without a password gets a link to set one", async () => {
    const calls = mockFetch({ "GET /customer/settings": ok(settings({ has_password: false })), "POST /auth/reset-password": ok({ ok: true }, 202) });
    renderRoute(URL, { customer: testCustomer });
    const password = await screen.findByRole("region", { name: "Password" });
    await userEvent.setup().click(within(password).getByRole("button", { name: "Set a password" }));
    expect((await within(password).findByRole("status")).textContent).toContain(`We sent a link to ${testCustomer.email}`);
    expect(calls.find((c) => c.path === "/auth/reset-password")?.body).toEqual({ email: testCustomer.email });
  });

  it("asks for a change of address and says where the link went; saves marketing consent at once", async () => {
    // The server's state: the consent changes when it is saved.
    let consentNow = false;
    const calls = mockFetch({
      "GET /customer/settings": () => ok(settings({ marketing_consent: consentNow })),
      "POST /customer/email-change": ok({ ok: true }, 202),
      "POST /customer/settings/marketing-consent": (call) => {
        consentNow = (call.body as { consent: boolean }).consent;
        return ok(settings({ marketing_consent: consentNow, marketing_consent_at: "2026-11-24T10:00:00.000Z" }));
      },
    });
    renderRoute(URL, { customer: testCustomer });
    const email = await screen.findByRole("region", { name: "Email address" });
    const u = userEvent.setup();
    await u.type(within(email).getByLabelText("New email address"), "ada.new@example.org");
    await u.click(within(email).getByRole("button", { name: "Send confirmation link" }));
    expect((await within(email).findByRole("status")).textContent).toMatch(/^Check the inbox of ada.new@example.org/);
    expect(calls.find((c) => c.path === "/customer/email-change")?.body).toEqual({ new_email: "ada.new@example.org" });

    const consent = section("Marketing emails");
    await u.click(within(consent).getByRole("checkbox", { name: /new assessments and articles/ }));
    await waitFor(() => expect(within(consent).getByRole("status").textContent).toBe("Saved"));
    expect(within(consent).getByRole("checkbox")).toHaveProperty("checked", true);
    expect(calls.find((c) => c.path === "/customer/settings/marketing-consent")?.body).toEqual({ consent: true });
    expect(within(section("Your data")).getByRole("link", { name: "Download my data" }).getAttribute("href")).toBe("/api/customer/export");
  });

  it("deletes the account only once the address is typed, then leaves the settings (the login page says so: e2e)", async () => {
    const calls = mockFetch({ "GET /customer/settings": ok(settings()), "POST /customer/delete-account": ok({ ok: true }) });
    renderRoute(URL, { customer: testCustomer });
    const danger = await screen.findByRole("region", { name: "Delete your account" });
    expect(danger.textContent).toContain("every plan you have is cancelled");
    const button = within(danger).getByRole<HTMLButtonElement>("button", { name: "Delete my account" });
    expect(button.disabled).toBe(true);
    const u = userEvent.setup();
    await u.type(within(danger).getByLabelText("Type your email address to confirm"), "ADA@example.org");
    expect(button.disabled).toBe(false);
    await u.click(button);
    await waitFor(() => expect(screen.queryByRole("region", { name: "Delete your account" })).toBeNull());
    expect(calls.find((c) => c.path === "/customer/delete-account")?.body).toEqual({ email: "ADA@example.org" });
  });
});
