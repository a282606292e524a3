import { expect, test, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { api, newAccount } from "./account-setup.ts";
import { walkCareerTest } from "./funnel-steps.ts";
import { PHONE_AND_DESKTOP, screens } from "./screens.ts";
import { newStaff } from "./staff-setup.ts";

/**
 * The growth console as the team uses it: a staff member reads a funnel's live figures while a
 * visitor walks it in another browser, downloads them as CSV; a customer is kept out.
 */

const FLOW = "career_test_green";
const EMAIL_STEP = "Where should we send your report?";

/** A headline figure's number as the page shows it ("1,234" → 1234). */
async function headline(page: Page, label: string): Promise<number> {
  const text = await page
    .locator(".headline__figure")
    .filter({ has: page.locator("dt").getByText(label, { exact: true }) })
    .locator("dd")
    .textContent();
  return Number((text ?? "").replace(/[^\d].*$/s, "").replace(/,/g, ""));
}

test("a staff member reads a walk that just happened, live, and downloads the figures", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await newStaff(page, `lead-${Date.now()}@example.org`);

  await page.goto("/");
  await page.getByRole("link", { name: "Growth console" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Funnels" })).toBeVisible();
  await expect(page.getByText("Growth console · staff only")).toBeVisible();
  const card = page.getByRole("article").filter({ has: page.getByText(FLOW, { exact: true }) });
  await expect(card.getByRole("link", { name: /^Preview the first step$/ })).toHaveAttribute("href", new RegExp(`/admin/preview/${FLOW}/`));
  await screens(page, "console", "admin-funnels", { widths: PHONE_AND_DESKTOP });

  await card.getByRole("link", { name: /^Figures for / }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/funnels/${FLOW}$`));
  await expect(page.getByRole("heading", { level: 2, name: "Headline figures" })).toBeAttached();
  const before = await headline(page, "Visitors");

  // Another browser: a visitor walks the career test past its e-mail step.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await walkCareerTest(visitor, { email: `walker-${Date.now()}@example.org`, firstName: "Robin" });
  await visitorContext.close();

  await page.getByRole("button", { name: "Refresh" }).click();
  await expect.poll(() => headline(page, "Visitors")).toBeGreaterThan(before);
  const steps = page.getByRole("region", { name: "Steps, in the flow’s order" });
  const emailRow = steps.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(EMAIL_STEP) }) });
  const saw = Number(((await emailRow.getByRole("cell").first().textContent()) ?? "").replace(/[^\d].*$/s, ""));
  expect(saw).toBeGreaterThanOrEqual(1);

  // The choice lives in the URL: grouping by UTM source asks again and keeps it.
  await page.getByLabel("Group by").selectOption({ label: "UTM source" });
  await expect(page).toHaveURL(/by=utm_source/);
  await expect(page.getByRole("region", { name: "Groups by utm_source" })).toBeVisible();
  await page.getByLabel("Group by").selectOption({ label: "Everyone together" });
  await expect(page.getByRole("region", { name: "Everyone" })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download these figures as CSV" }).click()]);
  const csv = await readFile(await download.path(), "utf8");
  expect(csv).toContain(EMAIL_STEP);

  await page.getByText("The daily numbers as a table").click();
  await screens(page, "console", "admin-funnel", { widths: PHONE_AND_DESKTOP });
});

test("a customer is told the console is for the team, and the API refuses them", async ({ page }) => {
  await newAccount(page, `customer-${Date.now()}@example.org`);
  await page.goto("/admin/funnels");
  await expect(page.getByRole("heading", { level: 1, name: "This area is for the Pathwise team" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Growth console" })).toHaveCount(0);
  const refused = await api(page, "GET", "/api/admin/funnels");
  expect(refused.status).toBe(403);
  expect(refused.body.error?.code).toBe("staff_only");
  await screens(page, "console", "admin-refused", { widths: PHONE_AND_DESKTOP });
});

test("an anonymous visitor is sent to log in, and back to the console afterwards", async ({ page }) => {
  await page.goto(`/admin/funnels/${FLOW}`);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("next")).toBe(`/admin/funnels/${FLOW}`);
  expect((await api(page, "GET", "/api/admin/funnels")).status).toBe(401);
});
