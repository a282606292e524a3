import { expect, test } from "@playwright/test";
import { screens, WIDTHS } from "./screens.ts";
import { payTrialInSandbox, walkCareerTest } from "./funnel-steps.ts";
import { pinVariants } from "./variants.ts";

/**
 * The career flow's result_page experiment in Chromium against the real server: a visitor in the
 * "early" variant sees the result page before the e-mail step, everything behind payment locked
 * with what it holds; a visitor in "bingo-v2" pays and turns the report's cards over; `?style=2`
 * shows the plain reading view. Screenshots go to .tmp/screens/result-variants/.
 */
const REPORT_TITLE = "Your career interests report";

test("the early variant shows the result page before the e-mail step, the paid sections locked with what each holds", async ({ page }) => {
  test.setTimeout(120_000);
  await pinVariants(page, { result_page: "early" });
  await walkCareerTest(page, { email: "unused@example.org", firstName: "Ines", until: "/get-result-early" });

  await expect(page.getByRole("heading", { level: 2, name: REPORT_TITLE })).toBeVisible();
  await expect(page.locator("[data-layout=early]")).toBeVisible();
  // The pre-checkout's promises, each beside the locked section that keeps it.
  await expect(page.getByText("What you get:").first()).toBeVisible();
  await expect(page.getByText("Professions that match your profile, each with a match score, typical tasks, skills and pay")).toBeVisible();
  await expect(page.getByText("Your three-letter interest code and how to read it")).toBeVisible();
  // Nothing behind payment reaches the page: no profession, no match score.
  await expect(page.locator(".profession")).toHaveCount(0);
  await expect(page.getByText(/% match/)).toHaveCount(0);
  await screens(page, "result-variants", "early", { widths: [WIDTHS[0], WIDTHS[3]] });

  // The visitor goes on to the name and e-mail steps as in every variant.
  await page.getByRole("button", { name: "Get my full report" }).click();
  await expect(page).toHaveURL(/\/test-name$/);
});

test("the bingo-v2 variant: after paying, the report's findings are cards face down that the customer turns over; style=2 is the plain reading view", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await pinVariants(page, { result_page: "bingo-v2" });
  await walkCareerTest(page, { email: `bingo-${Date.now()}@example.org`, firstName: "Ines" });
  await payTrialInSandbox(page);
  await page.getByRole("link", { name: "See your result" }).click();
  await expect(page).toHaveURL(/\/get-result-bingo-v2$/);

  const status = page.getByRole("status").filter({ hasText: "turned over" });
  await expect(status).toHaveText(/^0 of (\d+) turned over$/, { timeout: 60_000 });
  const total = Number((await status.textContent())!.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThan(10);
  const cards = page.getByRole("button", { expanded: false });
  const first = cards.first();
  await first.click();
  await expect(status).toHaveText(`1 of ${total} turned over`);
  await page.getByRole("button", { name: "Turn all over" }).click();
  await expect(status).toHaveText(`${total} of ${total} turned over`);
  await expect(page.getByRole("button", { expanded: true })).toHaveCount(total);
  await expect(page.getByRole("button", { expanded: false })).toHaveCount(0);
  await screens(page, "result-variants", "bingo-v2", { widths: [WIDTHS[0], WIDTHS[3]] });

  // The alternate view of the same page: one quiet column, no cards, the same report.
  await page.goto("/get-result-bingo-v2?style=2");
  const reading = page.locator("[data-layout=reading]");
  await expect(reading).toBeVisible({ timeout: 30_000 });
  await expect(reading.getByRole("heading", { name: "Professions that match your profile" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn all over" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Download PDF" })).toBeVisible();
  await screens(page, "result-variants", "reading", { widths: [WIDTHS[0], WIDTHS[3]] });
});
