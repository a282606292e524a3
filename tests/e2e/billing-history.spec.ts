import { expect, test } from "@playwright/test";
import { maxPayCallback } from "#server/payments/sandbox/sandbox-notifications.ts";
import { api, newSubscriber } from "./account-setup.ts";
import { photo, screens } from "./screens.ts";

/**
 * Issue 18: a subscriber's billing history in the profile (the trial's charge and, after a refund,
 * the refund as its own line), and a charge's receipt page, printable, at 375 and 1440 px.
 * The refund is the signed notification the provider sends (the sandbox's test key).
 */
const WIDTHS = [
  [1440, 900],
  [375, 812],
] as const;

test("billing history after a refund, and a printable receipt", async ({ page }) => {
  test.setTimeout(120_000);
  const email = `billing-${Date.now()}@example.org`;
  await newSubscriber(page, email);

  const me = (await api(page, "GET", "/api/auth/customer")).body.data as { id: string };
  const [charge] = (await api(page, "GET", "/api/customer/billing")).body.data as { order_id: string; amount: number }[];
  expect(charge).toMatchObject({ amount: 199 });
  const receipt = (await api(page, "GET", `/api/customer/billing/${charge!.order_id}`)).body.data as { provider_reference: string };
  const refund = maxPayCallback({
    orderId: charge!.order_id,
    customerId: me.id,
    email,
    productId: "trial_7d",
    productName: "7-day trial",
    amount: 199,
    currency: "USD",
    outcome: "refund",
    transactionId: receipt.provider_reference,
  });
  const delivered = await page.request.post("/api/webhooks/max_pay", { headers: refund.headers, data: refund.body });
  expect(delivered.status()).toBe(200);

  await page.goto("/account/profile");
  const history = page.getByRole("region", { name: "Billing history" });
  await expect(history).toBeVisible();
  const rows = history.getByRole("row");
  // The header row, the refund, then the charge it gave back.
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("Refund of the first payment");
  await expect(rows.nth(1)).toContainText("−US$1.99");
  await expect(rows.nth(2)).toContainText("7-day trial");
  await expect(rows.nth(2)).toContainText("First payment");
  await expect(rows.nth(2)).toContainText("US$1.99");
  await history.scrollIntoViewIfNeeded();
  await screens(page, "billing", "history", { widths: WIDTHS });

  await rows
    .nth(2)
    .getByRole("link", { name: /^Receipt for the first payment of / })
    .click();
  await expect(page).toHaveURL(new RegExp(`/account/profile/receipts/${charge!.order_id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Receipt: 7-day trial");
  const sheet = page.getByRole("article", { name: "Receipt · refunded" });
  await expect(sheet).toContainText(charge!.order_id);
  await expect(sheet).toContainText(email);
  await expect(sheet).toContainText("Card, through Maxpay");
  await expect(sheet).toContainText("7-day trial: first payment, for a 7-day trial");
  await expect(sheet).toContainText("Total after the refund");
  await expect(sheet).toContainText("US$0.00");
  await screens(page, "billing", "receipt", { widths: WIDTHS });

  // Print or save as PDF: the browser's print, with the receipt alone on the page.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.getByRole("button", { name: "Print or save as PDF" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".site-header")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeHidden();
  await expect(sheet).toBeVisible();
  await photo(page, "test-results/screens/billing/receipt-print.png", { fullPage: true });
  await page.emulateMedia({ media: "screen" });

  // Another customer's receipt is not there.
  await page.goto("/account/profile/receipts/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No such receipt");
});
