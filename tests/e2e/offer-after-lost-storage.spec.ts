import { expect, test } from "@playwright/test";
import { appStarted, walkCareerTest } from "./funnel-steps.ts";

/**
 * A visitor who finished the test but has not paid, and whose browser lost the saved run (local
 * storage cleared: a privacy setting, Safari's seven-day limit), comes back: the server re-opens the
 * run for the browser that ran it (ADR 067), and they land on their offer as a browser that kept its
 * copy would, not on the first question.
 */
test("a finished, unpaid run whose saved copy was lost comes back at its offer, from the offer's address and from the funnel's start", async ({ page }) => {
  test.setTimeout(180_000);
  await walkCareerTest(page, { email: `lost-storage-${Date.now()}@example.org`, firstName: "Noor" });
  const offer = page.getByRole("heading", { level: 1 });
  const title = await offer.textContent();
  const plans = page.getByRole("radiogroup", { name: "Choose your plan" });
  await expect(plans).toBeVisible();

  for (const address of ["/pre-checkout", "/quiz/career_test_green"]) {
    await page.evaluate(() => localStorage.clear());
    const reopened = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/quiz/sessions");
    await page.goto(address);
    await appStarted(page);
    expect((await reopened).status(), "the run re-opened, not a new one started").toBe(200);
    await expect(page).toHaveURL(/\/pre-checkout$/);
    await expect(offer).toHaveText(title!);
    await expect(plans).toBeVisible();
    // It stays there: the navigation to the start that the page began before the run came back does
    // not land after it (two frames after the offer is drawn, the router has settled).
    await page.evaluate(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));
    await expect(page).toHaveURL(/\/pre-checkout$/);
    await expect(offer).toHaveText(title!);
  }
});
