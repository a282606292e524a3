import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, mockFetch, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";

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

  it("asks for a change of address with the current password and says where the link went; saves marketing consent at once", async () => {
    // The server's state: the consent changes when it is saved.
    let consentNow = false;
    const calls = mockFetch({
      "GET /customer/settings": () => ok(settings({ marketing_consent: consentNow })),
      "POST /customer/email-change": ok({ link_sent_to: "new_address" }, 202),
      "POST /customer/settings/marketing-consent": (call) => {
        consentNow = (call.body as { consent: boolean }).consent;
        return ok(settings({ marketing_consent: consentNow, marketing_consent_at: "2026-11-24T10:00:00.000Z" }));
      },
    });
    renderRoute(URL, { customer: testCustomer });
    const email = await screen.findByRole("region", { name: "Email address" });
    const u = userEvent.setup();
    const send = within(email).getByRole<HTMLButtonElement>("button", { name: "Send confirmation link" });
    await u.type(within(email).getByLabelText("New email address"), "ada.new@example.org");
    expect(send.disabled).toBe(true);
    await u.type(within(email).getByLabelText("Current password"), "my current password");
    await u.click(send);
    expect((await within(email).findByRole("status")).textContent).toMatch(/^Check the inbox of ada.new@example.org/);
    expect(calls.find((c) => c.path === "/customer/email-change")?.body).toEqual({ new_email: "ada.new@example.org", current_password: "my current password" });

    const consent = section("Marketing emails");
    await u.click(within(consent).getByRole("checkbox", { name: /new assessments and articles/ }));
    await waitFor(() => expect(within(consent).getByRole("status").textContent).toBe("Saved"));
    expect(within(consent).getByRole("checkbox")).toHaveProperty("checked", true);
    expect(calls.find((c) => c.path === "/customer/settings/marketing-consent")?.body).toEqual({ consent: true });
    expect(within(section("Your data")).getByRole("link", { name: "Download my data" }).getAttribute("href")).toBe("/api/customer/export");
  });

  it("says when the current password is wrong, and changes nothing", async () => {
    mockFetch({
      "GET /customer/settings": ok(settings()),
      "POST /customer/email-change": fail(403, "wrong_password", "Your current password is not right"),
    });
    renderRoute(URL, { customer: testCustomer });
    const email = await screen.findByRole("region", { name: "Email address" });
    const u = userEvent.setup();
    await u.type(within(email).getByLabelText("New email address"), "ada.new@example.org");
    await u.type(within(email).getByLabelText("Current password"), "a guess");
    await u.click(within(email).getByRole("button", { name: "Send confirmation link" }));
    expect((await within(email).findByRole("alert")).textContent).toBe("Your current password is not right");
    expect(within(email).getByLabelText("Current password").getAttribute("aria-invalid")).toBe("true");
  });

  it("without a password, the change is approved from the current address first", async () => {
    const calls = mockFetch({
      "GET /customer/settings": ok(settings({ has_password: false })),
      "POST /customer/email-change": ok({ link_sent_to: "current_address" }, 202),
    });
    renderRoute(URL, { customer: testCustomer });
    const email = await screen.findByRole("region", { name: "Email address" });
    expect(within(email).queryByLabelText("Current password")).toBeNull();
    expect(email.textContent).toContain(`we e-mail a link to ${testCustomer.email}`);
    const u = userEvent.setup();
    await u.type(within(email).getByLabelText("New email address"), "ada.new@example.org");
    await u.click(within(email).getByRole("button", { name: "E-mail me an approval link" }));
    const status = (await within(email).findByRole("status")).textContent;
    expect(status).toMatch(new RegExp(`^Check the inbox of ${testCustomer.email}: we sent a link there to approve the move`));
    expect(status).toContain("we then send a confirmation link to ada.new@example.org");
    expect(calls.find((c) => c.path === "/customer/email-change")?.body).toEqual({ new_email: "ada.new@example.org" });
  });

  it("deletes the account only with the password (retyping the address is gone), then leaves the settings", async () => {
    const calls = mockFetch({ "GET /customer/settings": ok(settings()), "POST /customer/delete-account": ok({ ok: true }) });
    renderRoute(URL, { customer: testCustomer });
    const danger = await screen.findByRole("region", { name: "Delete your account" });
    expect(danger.textContent).toContain("every plan you have is cancelled");
    expect(danger.textContent).toContain("any coaching session you have booked is cancelled, and the coach is told");
    expect(within(danger).queryByLabelText("Type your email address to confirm")).toBeNull();
    const button = within(danger).getByRole<HTMLButtonElement>("button", { name: "Delete my account" });
    expect(button.disabled).toBe(true);
    const u = userEvent.setup();
    await u.type(within(danger).getByLabelText("Your password, to confirm it is you"), "my current password");
    expect(button.disabled).toBe(false);
    await u.click(button);
    await waitFor(() => expect(screen.queryByRole("region", { name: "Delete your account" })).toBeNull());
    expect(calls.find((c) => c.path === "/customer/delete-account")?.body).toEqual({ current_password: "my current password" });
  });

  it("without a password, deletion goes through a link e-mailed to the account", async () => {
    const calls = mockFetch({
      "GET /customer/settings": ok(settings({ has_password: false })),
      "POST /customer/delete-account/link": ok({ ok: true }, 202),
    });
    renderRoute(URL, { customer: testCustomer });
    const danger = await screen.findByRole("region", { name: "Delete your account" });
    expect(within(danger).queryByRole("textbox")).toBeNull();
    await userEvent.setup().click(within(danger).getByRole("button", { name: "E-mail me a deletion link" }));
    expect((await within(danger).findByRole("status")).textContent).toMatch(
      new RegExp(`^We sent the link to ${testCustomer.email}. Open it within 30 minutes`),
    );
    expect(calls.some((c) => c.path === "/customer/delete-account")).toBe(false);
  });
});

describe("the pages e-mailed links open", () => {
  it("the approval link approves with one button and says where the confirmation went", async () => {
    const calls = mockFetch({ "POST /customer/email-change/approve": ok({ new_email: "ada.new@example.org" }, 202) });
    renderRoute("/account/profile/approve-email-change?token=approve-token-1234567890", { customer: testCustomer });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Approve the change" }));
    expect((await screen.findByRole("status")).textContent).toMatch(/^Approved. We sent a confirmation link to ada.new@example.org/);
    expect(calls.find((c) => c.path === "/customer/email-change/approve")?.body).toEqual({ token: "approve-token-1234567890" });
  });

  it("the deletion link says what deleting means, deletes with one button, and says when the link is not this account's", async () => {
    const calls = mockFetch({
      "POST /customer/delete-account": fail(
        400,
        "invalid_token",
        "This deletion link has expired, was already used, or belongs to another account. Ask for a new one.",
      ),
    });
    renderRoute("/account/profile/delete-account?token=delete-token-1234567890", { customer: testCustomer });
    expect((await screen.findByRole("heading", { name: "Confirm the deletion" })).textContent).toBeTruthy();
    expect(screen.getByText(/every plan you have is cancelled/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "Delete my account" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/belongs to another account\. Ask for a new one\. Nothing was deleted\.$/);
    expect(calls.find((c) => c.path === "/customer/delete-account")?.body).toEqual({ token: "delete-token-1234567890" });
  });
});
