import { expect, test } from "@playwright/test";
import { api, asNewVisitor, mailText, newAccount } from "./account-setup.ts";
import { openSandboxCheckout, payTrialInSandbox, walkCareerTest, walkFunnel } from "./funnel-steps.ts";
import { screens } from "./screens.ts";
import { pinVariants } from "./variants.ts";

/**
 * Issue 18, who the visitor is the second time around (ADR 011), in Chromium against the real
 * server and sandbox payments: a logged-in customer's e-mail step, and a "continue" link that
 * opens nothing of a paid quiz.
 */
test.beforeEach(({ page }) => pinVariants(page, { result_page: "a" }));

test("a logged-in customer sees their own address at the e-mail step; 'Not you? Log out' goes on as a new visitor", async ({ page }) => {
  test.setTimeout(180_000);
  const email = `own-address-${Date.now()}@example.org`;
  await newAccount(page, email);
  await walkFunnel(page, { start: "/anxiety", until: "/anxiety/email", email: "unused@example.org", firstName: "Kai" });

  const field = page.getByRole("textbox", { name: /email/i });
  await expect(field).toHaveValue(email);
  await expect(field).not.toBeEditable();
  await expect(page.getByText("You are logged in, so your result is saved in your account.")).toBeVisible();
  await screens(page, "identity", "email-step-logged-in", {
    widths: [
      [375, 812],
      [1440, 900],
    ],
  });

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(field).toBeEditable();
  await expect(field).toHaveValue("");
  expect((await api(page, "GET", "/api/auth/customer")).status).toBe(401);
  // The new visitor goes on with the answers so far, under their own address, to the plans.
  await field.fill(`newcomer-${Date.now()}@example.org`);
  await page.locator("main form button[type=submit]").click();
  await page.waitForURL(/\/anxiety\/pre-checkout$/, { timeout: 60_000 });
  await expect(page.getByRole("radiogroup", { name: "Choose your plan" })).toBeVisible();
  const latest = await api(page, "GET", "/api/quiz-analyze/get-latest-result-analyze-status");
  expect(latest.body.data).toMatchObject({ status: "ready", flow_code: "anxiety_gad7" });
});

test("a continue link opened in a second browser after payment shows no paid report, only the way to log in", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const email = `finished-${Date.now()}@example.org`;
  await walkCareerTest(page, { email, firstName: "Robin" });
  const token = (await mailText(page, email, /Continue where you left off/)).match(/\/continue\?token=([\w-]+)/)?.[1];
  expect(token, "the continue link's token").toBeTruthy();
  await payTrialInSandbox(page);
  await page.getByRole("link", { name: "See your result" }).click();
  await expect(page.getByRole("link", { name: /Download PDF/ })).toBeVisible({ timeout: 30_000 });

  const other = await browser.newContext();
  const second = await other.newPage();
  await asNewVisitor(second);
  await second.goto(`/continue?token=${token}`);
  await expect(second.getByRole("heading", { level: 1 })).toHaveText("This quiz is finished");
  await expect(second.getByRole("main")).not.toContainText("Robin");
  await expect(second.getByText("Prepared for")).toHaveCount(0);
  await second.getByRole("textbox", { name: "Email me a login link" }).fill(email);
  await second.getByRole("button", { name: "Send the login link" }).click();
  await expect(second.getByRole("status")).toContainText("a login link is on its way");
  await screens(second, "identity", "continue-link-finished", {
    widths: [
      [375, 812],
      [1440, 900],
    ],
  });
  // Nothing of the session reached this browser: its result page has no report to show.
  expect((await api(second, "GET", "/api/quiz-analyze/get-latest-result-analyze-status")).body.data).toMatchObject({ status: "none" });
  await other.close();
});

test("an existing account paying while logged out reads the report only after logging in", async ({ page }) => {
  test.setTimeout(240_000);
  const email = `logged-out-payer-${Date.now()}@example.org`;
  await newAccount(page, email);
  expect((await api(page, "POST", "/api/auth/logout", {})).status).toBe(200);
  await walkCareerTest(page, { email, firstName: "Robin" });
  await openSandboxCheckout(page);
  await page.getByRole("button", { name: "Approve payment" }).click();
  await page.waitForURL(/\/order-success\?order_id=/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you, log in to read your report");
  await screens(page, "identity", "order-success-log-in", {
    widths: [
      [375, 812],
      [1440, 900],
    ],
  });

  await page.goto("/get-result");
  const notice = page.getByRole("status").filter({ hasText: "Log in to read your report" });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in to read your report");
  // The teaser only: no PDF, no section beyond the first.
  await expect(page.getByRole("link", { name: /Download PDF/ })).toHaveCount(0);
  await screens(page, "identity", "result-log-in", {
    widths: [
      [375, 812],
      [1440, 900],
    ],
  });

  // The single-use link from the receipt logs them in here; the funnel then shows the report.
  const token = (await mailText(page, email, /receipt/i)).match(/tmp_token=([\w-]+)/)?.[1];
  expect(token, "the receipt's login link").toBeTruthy();
  expect((await api(page, "POST", "/api/auth/login", { email, tmp_token: token })).status).toBe(200);
  await page.goto("/get-result");
  await expect(page.getByRole("link", { name: /Download PDF/ })).toBeVisible({ timeout: 30_000 });
  await expect(notice).toHaveCount(0);
});
