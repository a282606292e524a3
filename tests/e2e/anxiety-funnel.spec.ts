import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { readPdf } from "../helpers/read-pdf.ts";
import { payTrialInSandbox, walkFunnel } from "./funnel-steps.ts";
import { checkReadingAndAccount, checkResultPage, checkTeaser, flows } from "./report-wrap.ts";
import { screens } from "./screens.ts";

/**
 * The anxiety funnel (GAD-7) in Chromium against the real server, from the home page's card to the
 * paid report and its PDF: crisis lines before the first question, a help step before the e-mail
 * step at a severe score (and none at a mild one), the level with "not a diagnosis" in the free
 * teaser, the six promised sections after paying. The severe walk also checks the report at 375 px
 * for words broken inside (report-wrap.ts) on its own answers: the teaser, the paid result page,
 * `?style=2` and the account's report page.
 */
const GAD_ITEMS = [
  "Feeling nervous, anxious or on edge",
  "Not being able to stop or control worrying",
  "Worrying too much about different things",
  "Trouble relaxing",
  "Being so restless that it is hard to sit still",
  "Becoming easily annoyed or irritable",
  "Feeling afraid as if something awful might happen",
];

test("a severe score: help before the e-mail step, the level in the teaser, the full report and PDF after paying", async ({ page }) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  const flow = (await flows()).find((f) => f.file.endsWith("anxiety.yaml"))!;
  await page.goto("/");
  await page.getByRole("link", { name: "Anxiety Self-Check" }).click();
  await expect(page).toHaveURL(/\/anxiety$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How much has anxiety been bothering you lately?");
  await expect(page.getByText(/not a diagnosis/)).toBeVisible();
  await expect(page.getByText(/call or text 988/)).toBeVisible();
  await screens(page, "anxiety", "intro");

  const email = `anxiety-${Date.now()}@example.org`;
  const passed = await walkFunnel(page, {
    start: "/anxiety",
    until: "/anxiety/summary",
    email,
    firstName: "Kai",
    choose: (title) => (GAD_ITEMS.includes(title) ? "Nearly every day" : undefined),
  });
  // Every GAD-7 item was asked, then the help step came before the summary, with nothing asked in return.
  expect(passed).toContain("/anxiety/support");
  expect(passed.indexOf("/anxiety/support")).toBeLessThan(passed.indexOf("/anxiety/summary"));

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your anxiety level");
  const teaser = page.locator("main");
  await expect(teaser).toContainText("Your GAD-7 score is 21 out of 21: severe.");
  await expect(teaser).toContainText("not a diagnosis");
  await expect(teaser.getByText("Severe").first()).toBeVisible();
  await expect(teaser.getByRole("heading", { name: "If you are in crisis" })).toBeVisible();
  await screens(page, "anxiety", "summary");
  await checkTeaser(page, flow, problems);

  await walkFunnel(page, { start: page.url(), until: "/anxiety/pre-checkout", email, firstName: "Kai" });
  const promises = page.getByRole("list").filter({ hasText: "Which of the seven symptoms, if any, bothered you on more than half the days" });
  await expect(promises.getByRole("listitem")).toHaveCount(5);
  await expect(page.getByText("Your anxiety level (GAD-7, last two weeks)")).toBeVisible();
  await expect(page.getByRole("img", { name: "Anxiety (GAD-7): Severe, 21 of 21" })).toBeVisible();
  await expect(page.getByText(/interest areas/)).toHaveCount(0);
  await screens(page, "anxiety", "pre-checkout");
  await payTrialInSandbox(page);

  await page.getByRole("link", { name: "See your result" }).click();
  await expect(page).toHaveURL(/\/anxiety\/get-result$/);
  await expect(page.getByRole("heading", { level: 2, name: "Your anxiety report" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Prepared for Kai")).toBeVisible();
  for (const section of [
    "Your level",
    "The symptoms that bothered you on more than half the days",
    "Your next steps",
    "When and where to get help",
    "How the check works, and its sources",
  ])
    await expect(page.getByRole("heading", { name: section }).first()).toBeVisible();
  await expect(page.getByText("Feeling afraid as if something awful might happen.")).toBeVisible();
  await expect(page.getByText(/Book an appointment with your doctor/)).toBeVisible();
  await screens(page, "anxiety", "report");
  await checkResultPage(page, flow, problems);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  const text = (await readPdf(new Uint8Array(await readFile(await download.path())))).text;
  expect(text).toContain("Your anxiety report");
  expect(text).toContain("not a diagnosis");
  expect(text).toContain("Spitzer");

  // Under the report: how useful was it? The feedback page names the report and thanks the customer.
  await page.getByRole("link", { name: "Tell us in under a minute" }).click();
  await expect(page).toHaveURL(/\/feedback\?report=anxiety_gad7$/);
  await page.getByRole("radio", { name: "4 Very useful" }).check();
  await page.getByRole("textbox", { name: /Anything you would like to add/ }).fill("The symptom list helped me talk to my doctor.");
  await screens(page, "anxiety", "feedback");
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you" })).toBeFocused();

  // The reading style; then, logged in from the receipt's link, the account's report page.
  await checkReadingAndAccount(page, flow, email, problems);
  expect(problems, "words broken inside at 375 px").toEqual([]);
});

test("a mild score goes from the questions straight to the result, without the help step", async ({ page }) => {
  test.setTimeout(60_000);
  const passed = await walkFunnel(page, {
    start: "/anxiety",
    until: "/anxiety/summary",
    email: `anxiety-mild-${Date.now()}@example.org`,
    firstName: "Kai",
    choose: (title) => (GAD_ITEMS.includes(title) ? "Several days" : undefined),
  });
  expect(passed).not.toContain("/anxiety/support");
  await expect(page.locator("main")).toContainText("Your GAD-7 score is 7 out of 21: mild.");
  await expect(page.getByText("Mild").first()).toBeVisible();
});
