import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { api, mailText, newAccount, newSubscriber } from "./account-setup.ts";
import { screens } from "./screens.ts";

/**
 * Account settings in Chromium against the real server: set a password from the e-mailed link,
 * change it and log in with the new one; move the account to another address; download my data;
 * delete the account, which cancels the plan and ends on the login page, where the old address no
 * longer logs in.
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

test("a subscriber moves the account to another address, downloads the data, then deletes the account", async ({ page }) => {
  test.setTimeout(180_000);
  const email = `settings-del-${Date.now()}@example.org`;
  const moved = email.replace("settings-del", "settings-moved");
  await newSubscriber(page, email);
  await page.goto("/account/profile/account-settings");

  // Move to another address: the link arrives there and confirms with one button.
  const address = page.getByRole("region", { name: "Email address" });
  await address.getByLabel("New email address").fill(moved);
  await address.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(address.getByRole("status")).toContainText(`Check the inbox of ${moved}`);
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

  // Delete: the address typed to confirm, then the login page says so.
  const danger = page.getByRole("region", { name: "Delete your account" });
  await expect(danger.getByRole("button", { name: "Delete my account" })).toBeDisabled();
  await danger.getByLabel("Type your email address to confirm").fill(moved);
  await screens(page, "settings", "delete");
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await page.waitForURL(/\/login/);
  await expect(page.getByRole("status").filter({ hasText: "Your account is deleted" })).toBeVisible();
  expect((await api(page, "GET", "/api/auth/customer")).status).toBe(401);
  expect((await api(page, "POST", "/api/auth/login-link", { email: moved })).status).toBe(202);
  await expect(async () => expect(await mailText(page, moved, /deleted/i)).toContain("not be charged again")).toPass({ timeout: 20_000 });
});
