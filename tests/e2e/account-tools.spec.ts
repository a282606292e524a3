import { expect, test } from "@playwright/test";
import { newAccount, newSubscriber } from "./account-setup.ts";
import { screens } from "./screens.ts";

/**
 * The interactive tools in the account, in Chromium against the real server: a subscriber opens a
 * tool from the list, fills in a week's hours, saves, reloads and finds the entry with its numbers;
 * the card sort keeps its piles across a reload too; an account that never paid sees the tool
 * locked with the way to unlock it.
 */
test("a subscriber fills in the weekly time audit, saves it, and after a reload finds it with the same numbers", async ({ page }) => {
  test.setTimeout(120_000);
  await newSubscriber(page, `tools-${Date.now()}@example.org`);

  await page.goto("/account");
  await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Tools", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tools" })).toBeVisible();
  await screens(page, "tools", "list");
  await page.getByRole("link", { name: "Weekly time audit" }).click();
  await expect(page).toHaveURL("/account/tools/weekly-time-audit");
  await expect(page.getByRole("heading", { level: 1, name: "Weekly time audit" })).toBeVisible();

  const meetings = page.getByRole("group", { name: "Meetings" });
  await meetings.getByRole("spinbutton", { name: "Hours spent" }).fill("14");
  await meetings.getByRole("spinbutton", { name: "Hours wanted" }).fill("8.5");
  await page.getByRole("group", { name: "Focused work" }).getByRole("spinbutton", { name: "Hours wanted" }).fill("16");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("[role=status]", { hasText: /^Saved$/ })).toBeVisible();
  await screens(page, "tools", "weekly-audit");

  // Saved on the server: a reload lists the entry, and opening it brings back the numbers.
  await page.reload();
  const saved = page.getByRole("list", { name: "Your saved entries" });
  await expect(saved.getByRole("listitem")).toHaveCount(1);
  await saved.getByRole("button", { name: /^Open the entry of/ }).click();
  await expect(page.getByRole("group", { name: "Meetings" }).getByRole("spinbutton", { name: "Hours spent" })).toHaveValue("14");
  await expect(page.getByRole("group", { name: "Meetings" }).getByRole("spinbutton", { name: "Hours wanted" })).toHaveValue("8.5");
});

test("the values card sort keeps its piles after a reload", async ({ page }) => {
  test.setTimeout(120_000);
  await newSubscriber(page, `tools-sort-${Date.now()}@example.org`);
  await page.goto("/account/tools/values-card-sort");
  const autonomy = page.getByRole("group", { name: "Autonomy" });
  await autonomy.getByRole("radio", { name: "Very important" }).check();
  await page.getByRole("group", { name: "Achievement" }).getByRole("radio", { name: "Not important" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("[role=status]", { hasText: /^Saved$/ })).toBeVisible();
  await page.reload();
  await page
    .getByRole("list", { name: "Your saved entries" })
    .getByRole("button", { name: /^Open the entry of/ })
    .click();
  await expect(page.getByRole("group", { name: "Autonomy" }).getByRole("radio", { name: "Very important" })).toBeChecked();
  await expect(page.getByRole("group", { name: "Achievement" }).getByRole("radio", { name: "Not important" })).toBeChecked();
  await screens(page, "tools", "card-sort");
});

test("an account that never paid sees a tool locked, with what unlocks it", async ({ page }) => {
  test.setTimeout(60_000);
  await newAccount(page, `tools-locked-${Date.now()}@example.org`);
  const response = await page.goto("/account/tools/energy-map");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "See the plans" })).toHaveAttribute("href", "/pricing");
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await screens(page, "tools", "locked");
});
