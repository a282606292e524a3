import { expect, test } from "@playwright/test";

test("the footer's Terms link opens the terms of service", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expect(page).toHaveTitle("Terms of Service · Pathwise");
});

test("the refund policy fits a 375 px wide screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto("/refund-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Refund Policy" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
