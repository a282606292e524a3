import { expect, test } from "@playwright/test";
import { appStarted, walkCareerTest } from "./funnel-steps.ts";

/** Every main heading the page showed since it loaded, in order (a page's own record, kept across its renders). */
const RECORD_HEADINGS = `(() => {
  window.__headings = [];
  new MutationObserver(() => {
    const text = document.querySelector("h1")?.textContent;
    if (text && window.__headings.at(-1) !== text) window.__headings.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
})()`;

/**
 * A visitor who finished the test but has not paid, and whose browser lost the saved run (local
 * storage cleared: a privacy setting, Safari's seven-day limit), comes back: the server re-opens the
 * run for the browser that ran it (ADR 067), and they land on their offer as a browser that kept its
 * copy would, not on the first question. From the offer's own address, the page comes with the run
 * (ADR 078): the test's first step is never drawn on the way.
 */
test("a finished, unpaid run whose saved copy was lost comes back at its offer, from the funnel's start and from the offer's address", async ({ page }) => {
  test.setTimeout(180_000);
  await walkCareerTest(page, { email: `lost-storage-${Date.now()}@example.org`, firstName: "Noor" });
  const offer = page.getByRole("heading", { level: 1 });
  const title = await offer.textContent();
  const plans = page.getByRole("radiogroup", { name: "Choose your plan" });
  await expect(plans).toBeVisible();
  await page.addInitScript(RECORD_HEADINGS);
  const headings = () => page.evaluate(() => (window as unknown as { __headings: string[] }).__headings);

  let firstStep = "";
  for (const address of ["/quiz/career_test_green", "/pre-checkout"]) {
    await page.evaluate(() => localStorage.clear());
    const started: number[] = [];
    page.on("response", (r) => {
      if (r.request().method() === "POST" && new URL(r.url()).pathname === "/api/quiz/sessions") started.push(r.status());
    });
    await page.goto(address);
    await appStarted(page);
    await expect(page).toHaveURL(/\/pre-checkout$/);
    await expect(offer).toHaveText(title!);
    await expect(plans).toBeVisible();
    // It stays there: the navigation to the start that the page began before the run came back does
    // not land after it (two frames after the offer is drawn, the router has settled).
    await page.evaluate(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));
    await expect(page).toHaveURL(/\/pre-checkout$/);
    await expect(offer).toHaveText(title!);
    expect(started, "the run re-opened, no new one started").not.toContain(201);
    const shown = await headings();
    if (address === "/quiz/career_test_green") {
      // The start is drawn by the server for everyone: its first step shows until the run comes back.
      expect(started).toContain(200);
      firstStep = shown[0]!;
      expect(firstStep).not.toBe(title);
    } else {
      expect(shown, "the offer's address never shows the test's first step").not.toContain(firstStep);
      expect(shown.at(-1)).toBe(title);
    }
    page.removeAllListeners("response");
  }
});
