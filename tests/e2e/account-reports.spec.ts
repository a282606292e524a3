import { readFile } from "node:fs/promises";
import { expect, test, type Download } from "@playwright/test";
import { screens } from "./screens.ts";
import { readPdf } from "../helpers/read-pdf.ts";
import { logInFromReceipt } from "./account-setup.ts";
import { payTrialInSandbox, walkCareerTest } from "./funnel-steps.ts";
import { pinVariants } from "./variants.ts";

// The report in its default layout at /get-result: the variants have their own test (result-variants.spec.ts).
test.beforeEach(({ page }) => pinVariants(page, { result_page: "a" }));

/**
 * The reports in the customer's account, in Chromium against the real server: a visitor takes the
 * career test, pays in the sandbox, logs in with the receipt's link, opens
 * /account/reports, waits until the report is ready, reads it and downloads its PDF; and the example
 * report. Screenshots at 1440, 1024, 768 and 375 px go to .tmp/screens/account-reports/.
 */
const FIRST_NAME = "Marisol";
const REPORT_TITLE = "Your career interests report";

/** The text of a downloaded PDF. */
async function pdfText(download: Download) {
  return (await readPdf(new Uint8Array(await readFile(await download.path())))).text;
}

test("after paying, the customer finds the report in the account, reads it and downloads its PDF; the example report", async ({ page }) => {
  test.setTimeout(240_000);
  const email = `reports-${Date.now()}@example.org`;
  // Answers that vary by question, so the profile has a shape and the report matches professions.
  const answers = ["Strongly like", "Like", "Unsure", "Dislike", "Strongly like", "Strongly dislike", "Like"];
  await walkCareerTest(page, { email, firstName: FIRST_NAME, likert: (i) => answers[(i * 5 + Math.floor(i / 6)) % answers.length]! });
  await payTrialInSandbox(page);

  // The order page's session reaches only this purchase: the buyer proves the inbox with the receipt's link.
  await logInFromReceipt(page, email);
  await expect(async () => {
    const res = await page.request.get("/api/auth/customer");
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { data: { email: string } }).data.email).toBe(email);
  }).toPass({ timeout: 30_000 });

  // The account's home links to the reports.
  await page.goto("/account");
  await page.getByRole("link", { name: "Open your reports" }).click();
  await expect(page).toHaveURL(/\/account\/reports$/);
  await expect(page).toHaveTitle("Your reports · Pathwise");
  await expect(page.getByRole("heading", { level: 1, name: "Your reports" })).toBeFocused();

  // The list updates itself until the report is ready (a reload now and then in case it does not).
  const row = page.getByRole("list", { name: "Your reports" }).getByRole("listitem").first();
  await expect(async () => {
    try {
      await expect(row.getByRole("status")).toHaveText("Ready");
    } catch (error) {
      await page.reload();
      throw error;
    }
  }).toPass({ timeout: 90_000 });
  await expect(page.getByRole("list", { name: "Your reports" }).getByRole("listitem")).toHaveCount(1);
  await expect(row).toContainText(/Prepared on \d{1,2}\s\w+\s\d{4}/);
  await screens(page, "account-reports", "list");

  // The report: its title is the page's one h1, with the first name on the cover and every section.
  await row.getByRole("link", { name: REPORT_TITLE }).click();
  await expect(page).toHaveURL(/\/account\/reports\/career_riasec$/);
  const h1 = page.getByRole("heading", { level: 1 });
  await expect(h1).toHaveText(REPORT_TITLE);
  await expect(h1).toHaveCount(1);
  await expect(h1).toBeFocused();
  await expect(page).toHaveTitle(`${REPORT_TITLE} · Pathwise`);
  await expect(page.getByText(`Prepared for ${FIRST_NAME}`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Professions that match your profile" })).toBeVisible();
  expect(await page.getByRole("heading", { level: 2 }).count()).toBeGreaterThanOrEqual(4);
  await screens(page, "account-reports", "report", { fullPage: false });

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Download PDF/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^pathwise-report-\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = await pdfText(download);
  expect(text).toContain(REPORT_TITLE);
  expect(text).toContain(FIRST_NAME);

  // A matched profession from the report: its own page, with how well it matches this result.
  const firstMatch = page.locator(".profession__link").first();
  const profession = (await firstMatch.textContent())!.trim();
  await firstMatch.click();
  await expect(page).toHaveURL(/\/account\/professions\/[a-z0-9-]+\?result=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(profession);
  await expect(page.getByRole("heading", { level: 2, name: "How well it matches your result" })).toBeVisible();
  await expect(page.getByText(/\d+ out of 100/)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "What the work is" })).toBeVisible();
  await expect(page.getByText(/O\*NET/).first()).toBeVisible();
  await screens(page, "account-reports", "profession", { fullPage: false });
  await page.getByRole("link", { name: "Back to your career report" }).click();
  await expect(page).toHaveURL(/\/account\/reports\/career_riasec$/);

  // A next step from the report: the article in the library, open with the trial the customer paid for.
  await page
    .getByRole("link", { name: /^How to read your RIASEC profile/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/account\/library\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^How to read your RIASEC profile/);
  await expect(page.getByRole("heading", { level: 2, name: "The six interest types" })).toBeVisible();
  await screens(page, "account-reports", "article", { fullPage: false });
  await page
    .getByRole("link", { name: /Library/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Library" })).toBeVisible();
  await screens(page, "account-reports", "library", { fullPage: false });

  // The example report: said to be an example before it starts, with its own PDF.
  await page.goto("/account/reports/example_prompt");
  const banner = page.getByRole("complementary", { name: "About this example" });
  await expect(banner).toHaveText("This is an example for an imagined profile. Take the test to get your own.");
  await expect(banner.getByRole("link", { name: "Take the test" })).toHaveAttribute("href", "/quiz/career_test_green");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(REPORT_TITLE);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await screens(page, "account-reports", "example", { fullPage: false });
  const [example] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Download PDF/ }).click()]);
  expect(example.suggestedFilename()).toMatch(/^pathwise-example-report-.+\.pdf$/);
  expect(await pdfText(example)).toContain(REPORT_TITLE);

  // For the screenshots only: the states a new account seldom shows, with the list answered here.
  const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9)).toISOString();
  const listed = (status: string, day: number, title: string | null) => ({
    prompt_code: `kind_${day}`,
    session_id: crypto.randomUUID(),
    title,
    status,
    created_at: at(day),
    ready_at: status === "ready" ? at(day) : null,
  });
  await page.route("**/api/customer/latest-reports", (route) =>
    route.fulfill({
      json: {
        data: [
          listed("generating", 23, null),
          listed("ready", 20, "Your burnout check: energy, distance and what helps"),
          listed("failed", 12, "Your stress check"),
        ],
      },
    }),
  );
  await page.goto("/account/reports");
  // The list waits for its load, which a busy machine may take longer than 5 s to answer.
  await expect(page.getByRole("list", { name: "Your reports" }).getByRole("listitem")).toHaveCount(3, { timeout: 30_000 });
  await screens(page, "account-reports", "list-states");
  await page.unroute("**/api/customer/latest-reports");
  await page.route("**/api/customer/latest-reports", (route) => route.fulfill({ json: { data: [] } }));
  await page.goto("/account/reports");
  await expect(page.getByRole("heading", { level: 2, name: "You have no reports yet" })).toBeVisible();
  await screens(page, "account-reports", "list-empty", { fullPage: false });
  await page.unroute("**/api/customer/latest-reports");

  // A kind of report this customer does not have.
  await page.goto("/account/reports/burnout_check");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This report is not in your account");
  await screens(page, "account-reports", "not-found", { fullPage: false });
  await page.getByRole("link", { name: "See your reports" }).click();
  await expect(page).toHaveURL(/\/account\/reports$/);
});
