import { expect, test } from "@playwright/test";
import { logInFromReceipt } from "./account-setup.ts";
import { payTrialInSandbox, walkCareerTest } from "./funnel-steps.ts";
import { checkLayout, checkPage, flows, FOLDER, pathOf, PHONE, reportReady, switchResultVariant } from "./report-wrap.ts";
import { screens } from "./screens.ts";
import { pinVariants } from "./variants.ts";

/** The career report at 375 px in every layout it is shown in: words break only between words (report-wrap.ts). */
test("the career report wraps between words at 375 px in every result layout, the early teaser, ?style=2 and the account", async ({ page }) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  const career = (await flows()).find((f) => f.file.endsWith("career.yaml"))!;
  const experiment = career.experiments.find((e) => e.id === "result_page")!;
  await pinVariants(page, { result_page: "a" });
  // Answers that vary by question, so the profile has a shape and the report matches professions.
  const answers = ["Strongly like", "Like", "Unsure", "Dislike", "Strongly like", "Strongly dislike", "Like"];
  const email = `wrap-career-${Date.now()}@example.org`;
  await walkCareerTest(page, {
    email,
    firstName: "Ines",
    likert: (i) => answers[(i * 5 + Math.floor(i / 6)) % answers.length]!,
  });
  await payTrialInSandbox(page);
  await page.getByRole("link", { name: "See your result" }).click();
  await expect(page).toHaveURL(/\/get-result$/);
  await reportReady(page);

  for (const variant of experiment.variants) {
    const path = variant.paths?.result ?? variant.paths?.summary ?? pathOf(career, "result");
    const layout = variant.layouts?.result ?? variant.layouts?.summary ?? "document";
    const where = `career_riasec, result_page ${variant.id} (${layout}) at ${path}`;
    await switchResultVariant(page, career.code, variant.id);
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await checkLayout(page, layout === "document" ? "full" : layout, where, problems);
    await screens(page, FOLDER, `career-${variant.id}-${layout}`, { widths: [PHONE] });
  }

  await switchResultVariant(page, career.code, "a");
  await page.goto(`${pathOf(career, "result")}?style=2`);
  await checkLayout(page, "reading", "career_riasec, ?style=2 (reading)", problems);
  await screens(page, FOLDER, "career-reading", { widths: [PHONE] });

  // The account holds the report once the buyer has proved the inbox (ADR 051): the receipt's link.
  await logInFromReceipt(page, email);
  await page.goto(`/account/reports/${career.report}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your career interests report", { timeout: 30_000 });
  await checkPage(page, "career_riasec, account report page", "career-account", problems);
  await page.goto("/account/reports/example_prompt");
  await expect(page.getByRole("complementary", { name: "About this example" })).toBeVisible({ timeout: 30_000 });
  await checkPage(page, "career example report, account", "career-example-account", problems);

  expect(problems, "words broken inside at 375 px").toEqual([]);
});
