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
 * A visitor who finished the test but has not paid comes back, from the ad (the funnel's start) or
 * from history (the offer's address), with the saved run kept or lost (local storage cleared: a
 * privacy setting, Safari's seven-day limit). The page comes with the run the browser's visitor
 * cookie can resume (ADR 078, as the server re-opens it, ADR 067): they land on their offer, and
 * the test's first step, which the start draws for a new visitor, is never drawn on the way.
 */
test("a finished, unpaid run comes back at its offer from the start and from the offer's address, its copy kept or lost, the first step never drawn", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // What the start draws for a new visitor.
  const stranger = await browser.newContext({ baseURL });
  const fresh = await stranger.newPage();
  await fresh.goto("/quiz/career_test_green");
  const firstStep = await fresh.getByRole("heading", { level: 1 }).textContent();
  await stranger.close();

  await walkCareerTest(page, { email: `lost-storage-${Date.now()}@example.org`, firstName: "Noor" });
  const offer = page.getByRole("heading", { level: 1 });
  const title = await offer.textContent();
  expect(title).not.toBe(firstStep);
  const plans = page.getByRole("radiogroup", { name: "Choose your plan" });
  await expect(plans).toBeVisible();
  await page.addInitScript(RECORD_HEADINGS);
  const headings = () => page.evaluate(() => (window as unknown as { __headings: string[] }).__headings);

  for (const [address, lost] of [
    ["/quiz/career_test_green", false],
    ["/quiz/career_test_green", true],
    ["/pre-checkout", true],
  ] as const) {
    if (lost) await page.evaluate(() => localStorage.clear());
    const started: number[] = [];
    page.on("response", (r) => {
      if (r.request().method() === "POST" && new URL(r.url()).pathname === "/api/quiz/sessions") started.push(r.status());
    });
    await page.goto(address);
    await appStarted(page);
    await expect(page).toHaveURL(/\/pre-checkout$/);
    await expect(offer).toHaveText(title!);
    await expect(plans).toBeVisible();
    // It stays there: two frames after the offer is drawn, the router has settled.
    await page.evaluate(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));
    await expect(page).toHaveURL(/\/pre-checkout$/);
    await expect(offer).toHaveText(title!);
    expect(started, "the run went on, no new one started").not.toContain(201);
    expect(await headings(), `${address}, saved copy ${lost ? "lost" : "kept"}: the test's first step never shows`).toEqual([title]);
    page.removeAllListeners("response");
  }
});
