import { expect, test, type Page } from "@playwright/test";
import { api, logInFromReceipt } from "./account-setup.ts";
import { appStarted, openSandboxCheckout, payTrialInSandbox, walkCareerTest, walkFunnel } from "./funnel-steps.ts";
import { screens } from "./screens.ts";
import { pinVariants } from "./variants.ts";

/**
 * The second time around (issue 18) in Chromium against the real server and sandbox payments: a
 * subscriber's next assessment comes with the plan (no checkout), and two tabs paying for one quiz
 * end with one paid order, one plan and the other payment refunded.
 */
test.beforeEach(({ page }) => pinVariants(page, { result_page: "a" }));

type Order = { id: string; status: string };

/** This browser's orders, as the server has them (the logged-in customer's paid content and plans). */
async function plansOf(page: Page) {
  const paid = await api(page, "GET", "/api/customer/paid-content");
  return paid.body.data as { reports: { report_code: string }[]; subscriptions: { id: string }[] };
}

test("a subscriber finishes a second funnel: 'Included in your plan', one click, the report — in the account, with no payment", async ({ page }) => {
  test.setTimeout(240_000);
  const email = `included-${Date.now()}@example.org`;
  await walkCareerTest(page, { email, firstName: "Robin" });
  await payTrialInSandbox(page);
  // The order page's session reaches only this purchase: the buyer proves the inbox with the receipt's link.
  await logInFromReceipt(page, email);
  await expect(async () => expect((await plansOf(page)).subscriptions).toHaveLength(1)).toPass({ timeout: 30_000 });

  await walkFunnel(page, { start: "/income", until: "/income/pre-checkout", email, firstName: "Robin" });
  const included = page.getByRole("region", { name: "Included in your plan" });
  await expect(included).toBeVisible();
  await expect(included).toContainText("7-day trial plan includes the report of every assessment");
  await expect(page.getByRole("radiogroup", { name: "Choose your plan" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Continue to payment" })).toHaveCount(0);
  await screens(page, "returning-customer", "included-pre-checkout", {
    widths: [
      [375, 812],
      [1440, 900],
    ],
  });

  await page.getByRole("button", { name: "Get my report" }).click();
  await expect(page).toHaveURL(/\/income\/get-result$/);
  await expect(page.getByText("Prepared for")).toBeVisible({ timeout: 30_000 });

  // Back from the report: the payment step says the plan includes it, and offers no checkout (it
  // offered one, and pressed, it showed "Choose a plan first" where there was no plan to choose).
  await page.goBack();
  await expect(page).toHaveURL(/\/income\/checkout$/);
  await expect(page.getByRole("heading", { name: "Your report is included in your plan" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue to secure checkout" })).toHaveCount(0);
  await page.getByRole("button", { name: "See your report" }).click();
  await expect(page).toHaveURL(/\/income\/get-result$/);

  const after = await plansOf(page);
  expect(after.subscriptions).toHaveLength(1);
  expect(after.reports.map((r) => r.report_code).sort()).toEqual(["career_riasec", "income_growth"]);
  await page.goto("/account/reports");
  await expect(page.getByRole("main")).toContainText(/income/i);
  await screens(page, "returning-customer", "account-reports-two", {
    widths: [
      [375, 812],
      [1440, 900],
    ],
  });
});

test("a paid, logged-in customer back at the offer: 'See your report' opens the report, with no payment page on the way", async ({ page }) => {
  test.setTimeout(240_000);
  const email = `paid-offer-${Date.now()}@example.org`;
  await walkCareerTest(page, { email, firstName: "Ines" });
  await payTrialInSandbox(page);
  await logInFromReceipt(page, email);

  // Back at the run's offer: it says the report is paid for.
  await page.goto("/pre-checkout");
  await appStarted(page);
  const see = page.getByRole("button", { name: "See your report" });
  await expect(see).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Your report is paid for" })).toBeVisible();
  await screens(page, "returning-customer", "paid-offer", {
    widths: [
      [375, 812],
      [1440, 900],
    ],
  });
  // Every page heading shown from here on: the payment step's "Secure payment" must not be one.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { headings: string[] }).headings = seen;
    new MutationObserver(() => {
      const text = document.querySelector("h1")?.textContent ?? "";
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // The state of this browser's last order (the trial, paid) is held until the report is shown, so
  // the payment step passes on for the report paid for before that state answers (a slow answer).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/orders/*", async (route) => {
    await held;
    await route.continue().catch(() => {}); // the request may have been dropped on the way
  });
  await see.click();
  await expect(page).toHaveURL(/\/get-result$/);
  await expect(page.getByText("Prepared for")).toBeVisible({ timeout: 30_000 });
  release();
  expect(await page.evaluate(() => (window as unknown as { headings: string[] }).headings)).not.toContain("Secure payment");

  // Back from the report: the payment step, headed by why there is nothing to pay, with no word of
  // logging in (the customer is logged in), and the way on to the report. It stays there once the
  // order's state has answered and been drawn: that answer once moved the visitor on to the report.
  const order = page.waitForResponse((r) => /\/api\/orders\/[^/]+$/.test(new URL(r.url()).pathname));
  await page.goBack();
  expect((await (await order).json()).data.status).toBe("paid");
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your report is paid for");
  await expect(page.locator("main")).not.toContainText(/log ?in|Secure payment/i);
  await expect(page.getByRole("button", { name: "Continue to secure checkout" })).toHaveCount(0);
  await screens(page, "returning-customer", "paid-payment-step", {
    widths: [
      [375, 812],
      [1440, 900],
    ],
  });
  await page.getByRole("button", { name: "See your report" }).click();
  await expect(page).toHaveURL(/\/get-result$/);
});

test("two tabs pay for one quiz with two plans: one paid order and one plan; the second payment is refunded and said so", async ({ page, context }) => {
  test.setTimeout(240_000);
  const email = `tabs-${Date.now()}@example.org`;
  await walkCareerTest(page, { email, firstName: "Sam" });
  // A second tab of the same browser at the same pre-checkout.
  const second = await context.newPage();
  await second.goto(page.url());

  await openSandboxCheckout(page, "7-day trial");
  await openSandboxCheckout(second, "1 month");

  await page.getByRole("button", { name: "Approve payment" }).click();
  await page.waitForURL(/\/order-success\?order_id=/, { timeout: 60_000 });
  await second.getByRole("button", { name: "Approve payment" }).click();
  await second.waitForURL(/\/order-redirect\?order_id=/, { timeout: 60_000 });
  await expect(second.getByRole("heading", { level: 1 })).toHaveText("Your other payment went through", { timeout: 30_000 });
  await screens(second, "returning-customer", "second-payment", {
    widths: [
      [375, 812],
      [1440, 900],
    ],
  });

  // The account opens once the buyer proves the inbox (ADR 051): the receipt's login link.
  await logInFromReceipt(page, email);
  await expect(async () => {
    const mine = await plansOf(page);
    expect(mine.subscriptions).toHaveLength(1);
    expect(mine.reports).toHaveLength(1);
  }).toPass({ timeout: 30_000 });
  const secondOrder = new URL(second.url()).searchParams.get("order_id")!;
  await expect(async () => {
    const order = await api(page, "GET", `/api/orders/${secondOrder}`);
    expect((order.body.data as Order).status).toBe("refunded");
  }).toPass({ timeout: 30_000 });
  // The payer is told in one e-mail.
  await expect(async () => {
    await page.goto("/dev/mail");
    await expect(page.getByRole("row", { name: new RegExp(email) }).filter({ hasText: /We refunded a second payment/ })).toHaveCount(1);
  }).toPass({ timeout: 30_000 });
});
