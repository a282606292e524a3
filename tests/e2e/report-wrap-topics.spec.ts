import { expect, test } from "@playwright/test";
import { newSubscriber } from "./account-setup.ts";
import { walkFunnel } from "./funnel-steps.ts";
import { checkLayout, checkPage, flows, FOLDER, pathOf, PHONE, reportReady } from "./report-wrap.ts";
import { screens } from "./screens.ts";

/** The nine topic reports at 375 px, each through one subscriber's plan: words break only between words (report-wrap.ts). */
test("the nine other reports wrap between words at 375 px in the teaser, the result page, ?style=2 and the account", async ({ page }) => {
  test.setTimeout(420_000);
  const problems: string[] = [];
  const email = `wrap-topics-${Date.now()}@example.org`;
  await newSubscriber(page, email);
  const topics = (await flows()).filter((f) => !f.file.endsWith("career.yaml"));
  expect(topics).toHaveLength(9);
  for (const flow of topics) {
    const summary = pathOf(flow, "summary");
    const result = pathOf(flow, "result");
    await walkFunnel(page, { start: flow.paths.start, until: summary, email, firstName: "Robin" });
    await checkLayout(page, "teaser", `${flow.report}, teaser at ${summary}`, problems);
    await screens(page, FOLDER, `${flow.code}-teaser`, { widths: [PHONE] });

    await walkFunnel(page, { start: page.url(), until: pathOf(flow, "pre_checkout"), email, firstName: "Robin" });
    await page.getByRole("button", { name: "Get my report" }).click();
    await expect(page).toHaveURL(new RegExp(`${result}$`), { timeout: 20_000 });
    await reportReady(page);
    await checkLayout(page, "full", `${flow.report}, result page ${result}`, problems);
    await screens(page, FOLDER, `${flow.code}-document`, { widths: [PHONE] });

    await page.goto(`${result}?style=2`);
    await checkLayout(page, "reading", `${flow.report}, ?style=2 (reading)`, problems);
    await screens(page, FOLDER, `${flow.code}-reading`, { widths: [PHONE] });

    await page.goto(`/account/reports/${flow.report}`);
    await expect(page.locator("main [data-layout=full]")).toBeVisible({ timeout: 30_000 });
    await checkPage(page, `${flow.report}, account report page`, `${flow.code}-account`, problems);
  }
  expect(problems, "words broken inside at 375 px").toEqual([]);
});
