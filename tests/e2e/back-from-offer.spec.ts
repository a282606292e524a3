import { expect, test } from "@playwright/test";
import { walkFunnel } from "./funnel-steps.ts";

/**
 * Between the e-mail step and the offer sits a preparing screen that moves on by itself. Back from
 * the offer used to land on it, and it sent the visitor straight back to the offer: Back could never
 * leave the offer (found on a walk as a returning customer, 2026-12-03). Back now passes it by.
 */
test("Back from the offer, the browser's or the page's own, opens the e-mail step and stays there", async ({ page }) => {
  test.setTimeout(120_000);
  const seen = await walkFunnel(page, { start: "/anxiety", until: "/anxiety/pre-checkout", email: `back-${Date.now()}@example.org`, firstName: "Lena" });
  expect(seen).toContain("/anxiety/analyzing");
  const emailStep = page.getByRole("textbox", { name: /email/i });

  await page.goBack();
  await expect(page).toHaveURL(/\/anxiety\/email$/);
  await expect(emailStep).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Preparing your personal report" })).toHaveCount(0);

  // Forward to the offer through the form again, then the page's own Back button.
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/anxiety\/pre-checkout$/, { timeout: 30_000 });
  await page.getByRole("button", { name: /Back/ }).first().click();
  await expect(page).toHaveURL(/\/anxiety\/email$/);
  await expect(emailStep).toBeVisible();
});
