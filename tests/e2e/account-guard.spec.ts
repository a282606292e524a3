import { expect, test, type Page } from "@playwright/test";
import { asNewVisitor, openMail } from "./account-setup.ts";
import { appStarted } from "./funnel-steps.ts";

/** Reads the newest e-mail with `subject` to `email` in the dev outbox and returns the link matching `linkPattern`. */
async function linkFromOutbox(page: Page, email: string, subject: RegExp, linkPattern: RegExp): Promise<URL> {
  await openMail(page, email, subject);
  const href = await page.getByRole("link", { name: linkPattern }).first().getAttribute("href");
  return new URL(href!);
}

test("a logged-out visitor is sent from the account to the login page, unless style=2", async ({ page }) => {
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/login");
  expect(new URL(page.url()).searchParams.get("next")).toBe("/account");

  await page.goto("/account?style=2");
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/account");

  await page.goto("/cabinet?style=2");
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/account");
});

test("a customer resets the password from the e-mailed link, logs in with it and uses the account", async ({ page }) => {
  // Seven page loads and two e-mails: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const email = `guard-${Date.now()}@example.org`;
  await asNewVisitor(page);
  await page.goto("/");
  const prepared = await page.evaluate(async (address) => {
    const res = await fetch("/api/customer/prepare-cabinet", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: address }),
    });
    return res.status;
  }, email);
  expect(prepared).toBe(200);

  await page.goto("/forgot-password");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account exists" })).toBeVisible();

  const resetLink = await linkFromOutbox(page, email, /Reset your Pathwise password/, /reset-password\?token=/);
  expect(resetLink.pathname).toBe("/reset-password");
  await page.goto(`${resetLink.pathname}${resetLink.search}`);
  await appStarted(page);
  await page.getByRole("button", { name: "Reset my password" }).click();
  const password = await page.getByLabel("Your new password").inputValue();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await page.getByRole("link", { name: "Continue to login" }).click();

  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to your account" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/account");

  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to your account" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/account");

  await page.goto("/cabinet");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to your account" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/account");

  await page.goto("/account/onboarding");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to your Pathwise account" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("id")).toBe("1");
  await page.getByRole("button", { name: "Finish and go to my account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to your account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start the welcome" })).toHaveCount(0);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByText("You have been logged out.")).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
});
