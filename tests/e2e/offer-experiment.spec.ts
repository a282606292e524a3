import { expect, test } from "@playwright/test";
import { walkFunnel } from "./funnel-steps.ts";
import { pinVariants } from "./variants.ts";

/**
 * The stress funnel's offer experiment (ADR 065) in Chromium against the real server: a visitor of
 * each variant reaches the pre-checkout and sees their variant's plans, in its order, with its
 * first plan already chosen; the plan they continue with is the one the payment step names.
 */
const WALKS = [
  { variant: "trial_first", plans: ["7-day trial", "1 month", "3 months"], terms: /^You pay US\$1\.99 today for 7 days/ },
  { variant: "quarter_first", plans: ["3 months", "1 month", "7-day trial"], terms: /^You pay US\$49\.99 today, then US\$49\.99 every 3 months/ },
] as const;

for (const walk of WALKS) {
  test(`offer_order ${walk.variant}: the pre-checkout shows its plans in its order, the first one chosen`, async ({ page }) => {
    test.setTimeout(120_000);
    await pinVariants(page, { offer_order: walk.variant }, "flows/stress-level.yaml");
    await page.setExtraHTTPHeaders({ "accept-language": "en-US" });
    await walkFunnel(page, {
      start: "/stress-level",
      until: "/stress-level/pre-checkout",
      email: `offer-${walk.variant}-${Date.now()}@example.org`,
      firstName: "Ines",
    });
    const group = page.getByRole("radiogroup", { name: "Choose your plan" });
    const radios = group.getByRole("radio");
    await expect(radios).toHaveCount(3);
    const names = await radios.evaluateAll((inputs) => inputs.map((i) => document.getElementById(i.getAttribute("aria-labelledby")!)!.textContent));
    expect(names).toEqual(walk.plans);
    await expect(group.getByRole("radio", { name: walk.plans[0] })).toBeChecked();
    await expect(page.locator(".checkout-terms__chosen")).toHaveText(walk.terms);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByRole("region", { name: walk.plans[0] })).toBeVisible();
  });
}
