import { expect, type Page } from "@playwright/test";

/**
 * Answers the funnel step on screen as a visitor would: picks `likertChoice` (or the first option)
 * on a choice step, else presses the step's button; then waits for the next step's heading and URL.
 */
export async function answerCurrent(page: Page, likertChoice = "Like") {
  const heading = page.getByRole("heading", { level: 1 });
  const before = await heading.textContent();
  const beforeUrl = page.url();
  const radios = page.getByRole("radio");
  if ((await radios.count()) > 0) {
    const group = page.getByRole("radiogroup");
    const option = group.getByText(likertChoice, { exact: true });
    await ((await option.count()) > 0 ? option : radios.first()).click();
  } else {
    await page.locator("main form button[type=submit]").click();
  }
  await expect(heading).not.toHaveText(before ?? "");
  // The URL follows the new step one render later: wait for it too, so callers read the new step's URL.
  await page.waitForURL((u) => u.href !== beforeUrl, { waitUntil: "commit" });
}
