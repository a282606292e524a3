import { expect, test, type Locator, type Page } from "@playwright/test";
import { openMail } from "./account-setup.ts";
import { walkCareerTest } from "./funnel-steps.ts";
import { pinVariants } from "./variants.ts";

// The report in its default layout at /get-result: the variants have their own test (result-variants.spec.ts).
test.beforeEach(({ page }) => pinVariants(page, { result_page: "a" }));

/**
 * Money in Chromium against the real server with sandbox payments: the career funnel to the
 * pre-checkout, a plan, the sandbox checkout, the order pages, the login link from the outbox, and
 * the account's pause, discount offer and cancel; and a declined payment with a retry.
 */

/** Picks the trial plan and goes to the provider's (sandbox) checkout page. */
async function checkoutTrial(page: Page) {
  const plans = page.getByRole("radiogroup", { name: "Choose your plan" });
  await expect(plans).toBeVisible();
  await expect(plans.getByRole("radio")).not.toHaveCount(0);
  for (const radio of await plans.getByRole("radio").all()) await expect(radio).not.toBeChecked();
  await expect(page.getByText(/Cancel any time in your account, in two clicks/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Terms of service" })).toHaveAttribute("href", "/terms-of-service");
  await expect(page.getByRole("link", { name: "Refund policy" })).toHaveAttribute("href", "/refund-policy");
  await plans.getByRole("radio", { name: "7-day trial" }).check();
  await expect(page.getByText(/^You pay .+ today for 7 days, then .+ every month until you cancel\.$/)).toBeVisible();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("region", { name: "7-day trial" })).toContainText("for 7 days");
  await page.getByRole("button", { name: "Continue to secure checkout" }).click();
  await page.waitForURL(/\/sandbox\//);
}

test("a visitor pays in the sandbox, logs in from the receipt, and pauses, gets the discount offer and cancels in two clicks", async ({ page }) => {
  test.setTimeout(180_000);
  const email = `money-${Date.now()}@example.org`;
  await walkCareerTest(page, { email, firstName: "Robin" });
  await checkoutTrial(page);

  await page.getByRole("button", { name: "Approve payment" }).click();
  await page.waitForURL(/\/order-success\?order_id=/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you, your report is unlocked");
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(page.getByText("7-day trial")).toBeVisible();

  // The funnel picks up after the provider: the paid order moves it on to the result step.
  await page.getByRole("link", { name: "See your result" }).click();
  await expect(page).toHaveURL(/\/get-result$/);
  // The full report, built in the background, with its PDF.
  await expect(page.getByRole("heading", { level: 2, name: "Your career interests report" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Prepared for")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Professions that match your profile" })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^pathwise-report-\d{4}-\d{2}-\d{2}\.pdf$/);

  // Browser Back from the result: the payment step says it is paid and leads to the report, with no
  // way to pay twice.
  await page.goBack();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { name: "Your report is paid for" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue to secure checkout" })).toHaveCount(0);
  await page.getByRole("button", { name: "See your report" }).click();
  await expect(page).toHaveURL(/\/get-result$/);

  // Receipt with a login link in the outbox.
  await openMail(page, email, /receipt/i);
  const link = await page
    .getByRole("link", { name: /tmp_token=/ })
    .first()
    .getAttribute("href");
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page).toHaveURL(/\/account/);

  // My plans: the subscription, then a pause.
  await page.goto("/account/profile/my-plans");
  const card = page.getByRole("article", { name: "7-day trial" });
  await expect(card).toContainText("Active");
  await expect(card).toContainText(/Next charge.+ on /);
  await card.getByRole("link", { name: "Pause 7-day trial" }).click();
  await page.getByRole("radio", { name: /^1 month/ }).check();
  await page.getByRole("button", { name: "Pause for 1 month" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("7-day trial is paused");
  await page.getByRole("link", { name: "Back to my plans" }).click();
  await expect(page.getByRole("article", { name: "7-day trial" })).toContainText("Paused");

  // Too expensive → exactly one offer, the discount, beside an equal "No thanks, cancel"; accepted.
  await page.goto("/account/profile");
  await page.getByRole("link", { name: "Cancel subscription for 7-day trial" }).click();
  await page.getByRole("link", { name: "Tell us why first" }).click();
  await expect(page.getByRole("button", { name: "Cancel now" })).toBeVisible();
  await page.getByRole("radio", { name: "It costs more than it is worth to me" }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Would \d+% off help\?/);
  const accept = page.getByRole("button", { name: /Keep my plan at \d+% off/ });
  const decline = page.getByRole("button", { name: "No thanks, cancel" });
  await expect(decline).toBeVisible();
  expect(await decline.getAttribute("class")).toBe(await accept.getAttribute("class"));
  const [a, d] = [await accept.boundingBox(), await decline.boundingBox()];
  expect(Math.abs(a!.height - d!.height)).toBeLessThan(1);
  await accept.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your discount is on");

  // Cancel from the profile page, counting clicks.
  await page.goto("/account/profile");
  let clicks = 0;
  const click = async (target: Locator) => {
    clicks++;
    await target.click();
  };
  await click(page.getByRole("link", { name: "Cancel subscription for 7-day trial" }));
  await click(page.getByRole("button", { name: "Cancel now" }));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your subscription is cancelled");
  expect(clicks).toBeLessThanOrEqual(3);
  await expect(page.getByText(/^You keep access until .+\. You won’t be charged again\.$/)).toBeVisible();
  await page.getByRole("link", { name: "My plans" }).click();
  await expect(page.getByRole("article", { name: "7-day trial" })).toContainText("Cancelled");
  await openMail(page, email, /is cancelled/);
});

test("a declined payment says so without blame, and Try again goes back to the checkout", async ({ page }) => {
  test.setTimeout(150_000);
  const email = `declined-${Date.now()}@example.org`;
  await walkCareerTest(page, { email, firstName: "Robin" });
  await checkoutTrial(page);
  await page.getByRole("button", { name: "Decline payment" }).click();
  await page.waitForURL(/\/order-declined\?order_id=/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your payment did not go through");
  await expect(page.getByText("You have not been charged.")).toBeVisible();
  await expect(page.getByRole("link", { name: "support@pathwise.app" }).first()).toBeVisible();

  await page.goto(page.url() + "&style=2");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your payment did not go through");
  await expect(page.getByRole("navigation")).toHaveCount(0);

  await page.getByRole("button", { name: "Try again" }).click();
  await page.waitForURL(/\/sandbox\//);
  await expect(page.getByRole("button", { name: "Approve payment" })).toBeVisible();
  await page.goBack();
  await page.waitForURL(/\/order-declined/);
  await page.getByRole("link", { name: "Choose another plan" }).click();
  await expect(page).toHaveURL(/\/pre-checkout$/);
  await expect(page.getByRole("radiogroup", { name: "Choose your plan" })).toBeVisible();
});
