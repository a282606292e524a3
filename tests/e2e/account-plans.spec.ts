import { expect, test } from "@playwright/test";
import { screens } from "./screens.ts";
import { newAccount, newSubscriber } from "./account-setup.ts";

/**
 * Education plans in the account, in Chromium against the real server: a subscriber takes a plan,
 * finishes day 1 (a task, then the rest with "Complete day"), reloads and still sees it done, and the
 * account's home shows day 2 as today's; an account that never paid sees the plan locked with the
 * way to unlock it. Screenshots at 1440, 1024, 768 and 375 px go to test-results/screens/.
 */
const PLAN = "Career clarity in 7 days";
const PLAN_URL = "/account/plans/career-clarity-7-days";

test("a subscriber takes a plan, finishes day 1, and after a reload day 1 is done and day 2 is today's", async ({ page }) => {
  test.setTimeout(90_000);
  await newSubscriber(page, `plans-${Date.now()}@example.org`);

  await page.goto("/account/plans");
  await expect(page).toHaveTitle("Education plans · Pathwise");
  await expect(page.getByRole("heading", { level: 2, name: "Choose a plan to start" })).toBeVisible();
  await screens(page, "plans", "list-new");
  await page.getByRole("link", { name: PLAN }).click();

  await expect(page).toHaveURL(PLAN_URL);
  await expect(page.getByRole("heading", { level: 1, name: PLAN })).toBeFocused();
  await page.getByRole("button", { name: "Take this plan" }).click();
  await page.getByRole("link", { name: "Start with day 1" }).click();

  await expect(page).toHaveURL(`${PLAN_URL}/1`);
  await expect(page.getByRole("heading", { level: 1, name: "Take stock of where you are" })).toBeVisible();
  await page.getByRole("button", { name: "Mark as done: Draw your work timeline" }).click();
  await expect(page.getByRole("button", { name: "Done: Draw your work timeline" })).toBeVisible();
  await expect(page.getByText("1 of 2 tasks done.")).toBeVisible();
  await page.getByRole("button", { name: "Complete day 1" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Day 1 is done" })).toBeFocused();
  await screens(page, "plans", "day-done");

  // Saved on the server: a reload shows the same.
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Day 1 is done" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Done: Draw your work timeline" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Done: Audit the last four weeks" })).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "1 of 7 days done");

  await page.goto(PLAN_URL);
  await expect(page.getByRole("link", { name: "Continue with day 2" })).toHaveAttribute("href", `${PLAN_URL}/2`);
  const days = page.locator(".plan-day");
  await expect(days.nth(0).locator(".plan-day__status")).toHaveText("Done");
  await expect(days.nth(1).locator(".plan-day__status")).toHaveText("Next");
  await screens(page, "plans", "plan-taken");

  await page.goto("/account/plans");
  await expect(page.getByRole("list", { name: "Your plans" }).getByText("Day 2 of 7")).toBeVisible();
  await screens(page, "plans", "list-taken");

  await page.goto("/account");
  const today = page.getByRole("region", { name: "Today's plan day" });
  await expect(today.getByRole("link", { name: "Day 2: Map your interests" })).toHaveAttribute("href", `${PLAN_URL}/2`);
  await expect(page.getByRole("region", { name: "Your subscription" })).toContainText("7-day trial: active");
  await screens(page, "plans", "dashboard");
});

test("an account that never paid sees the plan locked, with its outline and the way to unlock it", async ({ page }) => {
  test.setTimeout(60_000);
  await newAccount(page, `plans-locked-${Date.now()}@example.org`);
  await page.goto(PLAN_URL);
  await expect(page.getByRole("heading", { level: 1, name: PLAN })).toBeVisible();
  await expect(page.getByText("Locked", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "See the plans" })).toHaveAttribute("href", "/pricing");
  await expect(page.getByText("Draw your work timeline")).toBeVisible();
  await expect(page.getByRole("button", { name: "Take this plan" })).toHaveCount(0);
  await screens(page, "plans", "locked");

  await page.goto("/account");
  await expect(page.getByRole("region", { name: "Your next step" })).toBeVisible();
  await screens(page, "plans", "dashboard-locked");
});
