import { expect, test, type Locator } from "@playwright/test";
import { walkFunnel, payTrialInSandbox } from "./funnel-steps.ts";
import { PHONE_AND_DESKTOP, screens } from "./screens.ts";
import { newStaff } from "./staff-setup.ts";

/**
 * Ad spend as the growth team uses it (ADR 059): visitors arrive from an ad and one pays in the
 * sandbox; a staff member imports the ad's spend as a CSV (a wrong file first, refused by line) and
 * reads cost per lead, cost per sale and return on ad spend beside the revenue of that source.
 */

const FLOW = "career_test_green";
const stamp = Date.now();
const SOURCE = `e2e-ads-${stamp}`;
const CAMPAIGN = `spring-${stamp}`;
const TODAY = new Date().toISOString().slice(0, 10);
const SPEND_MINOR = 1000;

/** An amount as the page writes it ("US$1,229.59") in minor units. */
const minorOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
const usd = (minor: number) => `US$${(minor / 100).toFixed(2)}`;
const cellTexts = (row: Locator) => row.locator("td").evaluateAll((tds) => tds.map((td) => td.firstChild?.textContent ?? ""));

test("a staff member imports an ad's spend and reads what it bought, per source", async ({ page, browser }) => {
  // Two walks through the funnel and a payment, on a machine the whole suite shares.
  test.setTimeout(600_000);
  // Two visitors from the ad: one pays the trial in the sandbox, one leaves at the plans.
  for (const pays of [true, false]) {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await walkFunnel(visitor, {
      start: `/quiz/${FLOW}?utm_source=${SOURCE}&utm_campaign=${CAMPAIGN}&fbclid=e2e.${stamp}`,
      until: "/pre-checkout",
      email: `ad-visitor-${pays ? "pays" : "leaves"}-${stamp}@example.org`,
      firstName: "Robin",
    });
    if (pays) await payTrialInSandbox(visitor);
    await context.close();
  }

  await newStaff(page, `spend-${stamp}@example.org`);
  await page.goto("/admin/funnels");
  await page.getByRole("navigation", { name: "Growth console" }).getByRole("link", { name: "Ad spend" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ad spend" })).toBeVisible();

  // A wrong file: nothing imported, the wrong line named.
  const file = (text: string) => ({ name: "spend.csv", mimeType: "text/csv", buffer: Buffer.from(text) });
  await page.getByLabel("CSV file").setInputFiles(file(`date,source,campaign,currency,spend\n${TODAY},${SOURCE},${CAMPAIGN},USD,"1,000.00"\n`));
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("alert")).toContainText("Line 2: spend");
  await expect(page.getByText("No spend has been imported yet.")).toBeVisible();

  await page
    .getByLabel("CSV file")
    .setInputFiles(file(`date,source,campaign,currency,spend\n${TODAY},${SOURCE},${CAMPAIGN},USD,${(SPEND_MINOR / 100).toFixed(2)}\n`));
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("status")).toContainText("Imported 1 line");
  await expect(page.getByRole("region", { name: "Per source, campaign and currency" }).getByRole("rowheader", { name: SOURCE })).toBeVisible();
  await screens(page, "console", "admin-ad-spend", { widths: PHONE_AND_DESKTOP });

  await page.goto(`/admin/funnels/${FLOW}?from=${TODAY}&to=${TODAY}&by=utm_source`);
  const groups = page.getByRole("region", { name: "Groups by utm_source" });
  const group = groups.getByRole("row").filter({ has: page.getByRole("rowheader", { name: SOURCE, exact: true }) });
  await expect(group).toBeVisible();
  const [visitors, email, , paid, , , revenue] = await cellTexts(group);
  expect([visitors, email, paid]).toEqual(["2", "2", "1"]);
  const spend = page.getByRole("region", { name: "Ad spend by utm_source" });
  const row = spend.getByRole("row").filter({ has: page.getByRole("rowheader", { name: SOURCE, exact: true }) });
  await expect(row).toBeVisible();
  const revenueMinor = minorOf(revenue!);
  expect(revenueMinor).toBeGreaterThan(0);
  expect(await cellTexts(row)).toEqual([
    usd(SPEND_MINOR),
    usd(SPEND_MINOR / 2),
    usd(SPEND_MINOR),
    usd(revenueMinor),
    `${(revenueMinor / SPEND_MINOR).toFixed(2)}×`,
  ]);
  await spend.scrollIntoViewIfNeeded();
  await screens(page, "console", "admin-funnel-spend", { widths: PHONE_AND_DESKTOP });

  // The same runs by click id: both came with an fbclid.
  await page.getByLabel("Group by").selectOption({ label: "Click id (fbclid / ttclid)" });
  await expect(page).toHaveURL(/by=click_id/);
  await expect(
    page.getByRole("region", { name: "Groups by click id (fbclid / ttclid)" }).getByRole("rowheader", { name: "fbclid", exact: true }),
  ).toBeVisible();
});
