import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { api, mailText, newAccount, newSubscriber } from "./account-setup.ts";
import { screens } from "./screens.ts";

/**
 * Account settings in Chromium against the real server: set a password from the e-mailed link,
 * change it and log in with the new one; move the account to another address (with the password,
 * or approved at the old address when there is none); download my data; delete the account with an
 * e-mailed link, which cancels the plan and ends on the login page, where the old address no longer
 * logs in. Also the coaching lock a never-paid account sees at once, and what the pause page says.
 */
const PASSWORD = "three quiet harbour lamps";

test("a customer sets a password, changes it, and logs in with the new one", async ({ page }) => {
  test.setTimeout(120_000);
  const email = `settings-pw-${Date.now()}@example.org`;
  await newAccount(page, email);
  await page.goto("/account/profile");
  await page.getByRole("link", { name: "Account settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
  await screens(page, "settings", "page");

  // No password yet: a link to set one, by e-mail.
  const password = page.getByRole("region", { name: "Password" });
  await password.getByRole("button", { name: "Set a password" }).click();
  await expect(password.getByRole("status")).toContainText(`We sent a link to ${email}`);
  const token = (await mailText(page, email, /reset/i)).match(/token=([\w-]+)/)?.[1];
  expect(token).toBeTruthy();
  await page.goto(`/reset-password?token=${token}`);
  await page.getByRole("button", { name: "Reset my password" }).click();
  const generated = await page.getByLabel("Your new password").inputValue();
  expect(generated.length).toBeGreaterThan(10);

  // Log in with it, then change it in the settings.
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(generated);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to your account" })).toBeVisible();
  await page.goto("/account/profile/account-settings");
  await password.getByLabel("Current password").fill(generated);
  await password.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await password.getByLabel("New password again").fill(PASSWORD);
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByRole("status")).toContainText("Your password is changed");

  // The new password logs in from a fresh browser state; the old one does not.
  await page.context().clearCookies();
  expect((await api(page, "POST", "/api/auth/login", { email, password: generated })).status).toBe(401);
  expect((await api(page, "POST", "/api/auth/login", { email, password: PASSWORD })).status).toBe(200);
  await page.goto("/account/profile/account-settings");
  await expect(page.getByRole("region", { name: "Email address" })).toContainText(email);
});

test("a customer with a password moves the account only with it: refused when wrong, then the link at the new address", async ({ page }) => {
  test.setTimeout(120_000);
  const email = `settings-pwmove-${Date.now()}@example.org`;
  const moved = email.replace("settings-pwmove", "settings-pwmoved");
  await newAccount(page, email);
  // A password, from a reset link (it ends the session: log in with it).
  expect((await api(page, "POST", "/api/auth/reset-password", { email })).status).toBe(202);
  const token = (await mailText(page, email, /reset/i)).match(/token=([\w-]+)/)?.[1];
  const reset = await api(page, "POST", "/api/auth/reset-password/confirm", { token });
  const password = (reset.body.data as { password: string }).password;
  expect((await api(page, "POST", "/api/auth/login", { email, password })).status).toBe(200);

  await page.goto("/account/profile/account-settings");
  const address = page.getByRole("region", { name: "Email address" });
  await address.getByLabel("New email address").fill(moved);
  await expect(address.getByRole("button", { name: "Send confirmation link" })).toBeDisabled();
  await address.getByLabel("Current password").fill("not my password at all");
  await address.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(address.getByRole("alert")).toHaveText("Your current password is not right");
  await address.getByLabel("Current password").fill(password);
  await screens(page, "settings", "email-with-password", {
    widths: [
      [1440, 900],
      [375, 812],
    ],
  });
  await address.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(address.getByRole("status")).toContainText(`Check the inbox of ${moved}`);
  const link = (await mailText(page, moved, /confirm your new/i)).match(/https?:\/\/[^\s"<>]+confirm-email\?token=[\w-]+/)?.[0];
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByRole("button", { name: "Confirm my new address" }).click();
  await expect(page.getByRole("status")).toContainText(`your account now uses ${moved}`);
});

test("a subscriber without a password moves the account (approved at the old address first), downloads the data, then deletes it by an e-mailed link", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = `settings-del-${Date.now()}@example.org`;
  const moved = email.replace("settings-del", "settings-moved");
  await newSubscriber(page, email);
  await page.goto("/account/profile/account-settings");
  await screens(page, "settings", "no-password", {
    widths: [
      [1440, 900],
      [375, 812],
    ],
  });

  // Move to another address: the current address approves first, then the new one confirms.
  const address = page.getByRole("region", { name: "Email address" });
  await expect(address.getByLabel("Current password")).toHaveCount(0);
  await address.getByLabel("New email address").fill(moved);
  await address.getByRole("button", { name: "E-mail me an approval link" }).click();
  await expect(address.getByRole("status")).toContainText(`Check the inbox of ${email}`);
  const approve = (await mailText(page, email, /approve the change/i)).match(/https?:\/\/[^\s"<>]+approve-email-change\?token=[\w-]+/)?.[0];
  expect(approve).toBeTruthy();
  await page.goto(new URL(approve!).pathname + new URL(approve!).search);
  await screens(page, "settings", "approve-email-change", {
    widths: [
      [1440, 900],
      [375, 812],
    ],
  });
  await page.getByRole("button", { name: "Approve the change" }).click();
  await expect(page.getByRole("status")).toContainText(`We sent a confirmation link to ${moved}`);
  const link = (await mailText(page, moved, /confirm your new/i)).match(/https?:\/\/[^\s"<>]+confirm-email\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByRole("button", { name: "Confirm my new address" }).click();
  await expect(page.getByRole("status")).toContainText(`your account now uses ${moved}`);

  // My data, as a file.
  await page.goto("/account/profile/account-settings");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^pathwise-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), "utf8")) as { account: { email: string }; subscriptions: unknown[] };
  expect(data.account.email).toBe(moved);
  expect(data.subscriptions).toHaveLength(1);

  // Delete: no address to retype; a link goes to the account's address, and its page deletes.
  const danger = page.getByRole("region", { name: "Delete your account" });
  await expect(danger.getByLabel("Type your email address to confirm")).toHaveCount(0);
  await danger.getByRole("button", { name: "E-mail me a deletion link" }).click();
  await expect(danger.getByRole("status")).toContainText(`We sent the link to ${moved}`);
  await screens(page, "settings", "delete", {
    widths: [
      [1440, 900],
      [375, 812],
    ],
  });
  const deletion = (await mailText(page, moved, /link to delete/i)).match(/https?:\/\/[^\s"<>]+delete-account\?token=[\w-]+/)?.[0];
  expect(deletion).toBeTruthy();
  await page.goto(new URL(deletion!).pathname + new URL(deletion!).search);
  await screens(page, "settings", "delete-link", {
    widths: [
      [1440, 900],
      [375, 812],
    ],
  });
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.waitForURL(/\/login/);
  await expect(page.getByRole("status").filter({ hasText: "Your account is deleted" })).toBeVisible();
  expect((await api(page, "GET", "/api/auth/customer")).status).toBe(401);
  expect((await api(page, "POST", "/api/auth/login-link", { email: moved })).status).toBe(202);
  await expect(async () => expect(await mailText(page, moved, /account was deleted/i)).toContain("not be charged again")).toPass({ timeout: 30_000 });
});

test("an account that never paid sees coaching locked on its first screen; a subscriber's pause page says what stays and what locks", async ({ page }) => {
  test.setTimeout(180_000);
  await newAccount(page, `settings-coach-${Date.now()}@example.org`);
  await page.goto("/account/book-your-coach");
  const lock = page.getByRole("region", { name: /Unlock coaching/ });
  await expect(lock).toBeVisible();
  await expect(lock.getByRole("link", { name: "See the plans" })).toHaveAttribute("href", "/pricing");
  await expect(page.getByRole("button", { name: /Choose a time/ })).toHaveCount(0);
  await screens(page, "coaching", "locked", {
    widths: [
      [1440, 900],
      [375, 812],
    ],
  });

  await page.context().clearCookies();
  await newSubscriber(page, `settings-pause-${Date.now()}@example.org`);
  const subs = (await api(page, "GET", "/api/customer/subscriptions")).body.data as { id: string }[];
  await page.goto(`/account/profile/pause?sub_id=${subs[0]!.id}`);
  await expect(page.getByText("While your plan is paused")).toBeVisible();
  await expect(page.getByText(/stay open until .+, the end of the period you have paid for\. After that they are locked/)).toBeVisible();
  await expect(page.getByText(/without losing/)).toHaveCount(0);
  await screens(page, "subscriptions", "pause", {
    widths: [
      [1440, 900],
      [375, 812],
    ],
  });
});
