import { expect, test } from "@playwright/test";
import { payTrialInSandbox, walkFunnel } from "./funnel-steps.ts";
import { checkReadingAndAccount, checkResultPage, checkTeaser, flows } from "./report-wrap.ts";
import { screens } from "./screens.ts";

/**
 * The burnout funnel (CBI) in Chromium against the real server: from the home page's card, the top
 * band leads to the help step before the e-mail step, the teaser shows both levels with the doctor
 * first, and after paying the report has every promised section and links to its feedback page.
 * The very high walk also checks the report at 375 px for words broken inside (report-wrap.ts) on its
 * own answers: the teaser, the paid result page, `?style=2` and the account's report page.
 */
const CBI_ITEMS = /^(How often|Is your work|Do you feel|Does your work|Are you exhausted|Do you have enough energy)/;

test("a very high score: help before the e-mail step, both levels in the teaser, the paid report and its feedback page", async ({ page }) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  const flow = (await flows()).find((f) => f.file.endsWith("burnout.yaml"))!;
  await page.goto("/");
  await page.getByRole("link", { name: "Burnout Check" }).click();
  await expect(page).toHaveURL(/\/burnout$/);
  await expect(page.getByText(/not a medical diagnosis/)).toBeVisible();
  await screens(page, "burnout", "intro");

  const email = `burnout-${Date.now()}@example.org`;
  const passed = await walkFunnel(page, {
    start: "/burnout",
    until: "/burnout/summary",
    email,
    firstName: "Noor",
    // Every item at its most tiring answer; the reversed energy item at "Never or almost never".
    choose: (title) =>
      /enough energy/.test(title)
        ? "Never or almost never"
        : CBI_ITEMS.test(title)
          ? /^(Is|Do you feel burnt|Does)/.test(title)
            ? "To a very high degree"
            : "Always"
          : undefined,
  });
  expect(passed).toContain("/burnout/support");
  expect(passed.indexOf("/burnout/support")).toBeLessThan(passed.indexOf("/burnout/summary"));

  const main = page.locator("main");
  await expect(main).toContainText("in the very high range. Please talk to your doctor or occupational health soon.");
  await expect(main.getByText("Very high").first()).toBeVisible();
  await expect(main.getByRole("heading", { name: "Where to find help" })).toBeVisible();
  await screens(page, "burnout", "summary");
  await checkTeaser(page, flow, problems);

  await walkFunnel(page, { start: page.url(), until: "/burnout/pre-checkout", email, firstName: "Noor" });
  await expect(page.getByText("Your burnout levels (0 to 100)")).toBeVisible();
  await expect(page.getByRole("img", { name: "Personal burnout: Very high, 100 of 100" })).toBeVisible();
  await payTrialInSandbox(page);

  await page.getByRole("link", { name: "See your result" }).click();
  await expect(page).toHaveURL(/\/burnout\/get-result$/);
  await expect(page.getByRole("heading", { level: 2, name: "Your burnout report" })).toBeVisible({ timeout: 30_000 });
  for (const section of [
    "Your two levels",
    "What drains you most at work",
    "First steps that take little energy",
    "When to get help",
    "How the check works, and its sources",
  ])
    await expect(page.getByRole("heading", { name: section }).first()).toBeVisible();
  await screens(page, "burnout", "report", { fullPage: false });
  await checkResultPage(page, flow, problems);
  await page.getByRole("link", { name: "Tell us in under a minute" }).click();
  await expect(page).toHaveURL(/\/feedback-burnout\?report=burnout_cbi$/);
  await expect(page.getByRole("heading", { level: 1, name: "How was your burnout check?" })).toBeVisible();

  // The reading style; then, logged in from the receipt's link, the account's report page.
  await checkReadingAndAccount(page, flow, email, problems);
  expect(problems, "words broken inside at 375 px").toEqual([]);
});

test("a low score goes from the questions straight to the result, without the help step", async ({ page }) => {
  test.setTimeout(60_000);
  const passed = await walkFunnel(page, {
    start: "/burnout",
    until: "/burnout/summary",
    email: `burnout-low-${Date.now()}@example.org`,
    firstName: "Noor",
    choose: (title) =>
      /enough energy/.test(title)
        ? "Always"
        : CBI_ITEMS.test(title)
          ? /^(Is|Do you feel burnt|Does)/.test(title)
            ? "To a very low degree"
            : "Seldom"
          : undefined,
  });
  expect(passed).not.toContain("/burnout/support");
  await expect(page.locator("main")).toContainText("low");
});
