import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { readFlows } from "#server/flows/read-flows.ts";
import { walkFunnel } from "./funnel-steps.ts";

/**
 * What every quiz funnel owes a visitor from an ad: the start button on the first screen of a phone
 * and a laptop, a button that stays in reach on a long step on a phone, and a tab title that says
 * where they are.
 */
const flows = await readFlows(join(process.cwd(), "flows"));
if (!flows.ok) throw new Error("the flows do not load");
const FUNNELS = flows.flows.map((f) => ({ start: f.paths.start, title: typeof f.title === "string" ? f.title : f.title.code }));

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
];

/** How far the step's button sits inside the visible screen (negative: below the fold). */
const roomBelowButton = (page: Page) =>
  page.evaluate(() => window.innerHeight - document.querySelector("main form button[type=submit]")!.getBoundingClientRect().bottom);

for (const viewport of VIEWPORTS) {
  test(`every funnel's start button is on the first screen at ${viewport.width}×${viewport.height}, and its tab says which test it is`, async ({ page }) => {
    // Ten funnels' first screens, one after another: a busy machine needs more than the default 30 s.
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    for (const funnel of FUNNELS) {
      await page.goto(funnel.start);
      await expect(page.locator("main form button[type=submit]")).toBeVisible();
      expect(await roomBelowButton(page), funnel.start).toBeGreaterThanOrEqual(0);
      await expect(page, funnel.start).toHaveTitle(new RegExp(`· ${funnel.title.replace(/[()]/g, "\\$&")} · Pathwise$`));
    }
  });
}

test("a question's tab title counts the questions", async ({ page }) => {
  await page.goto("/anxiety");
  await page.locator("main form button[type=submit]").click();
  const counter = page.getByText(/^Question 1 of \d+$/);
  await expect(counter).toBeVisible();
  await expect(page).toHaveTitle(`${await counter.textContent()} · Anxiety check (GAD-7) · Pathwise`);
});

test("on a phone the pre-checkout's button stays on screen while its plans scroll by; on a laptop it stays in its place", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await walkFunnel(page, { start: "/anxiety", until: "/anxiety/pre-checkout", email: `sticky-${Date.now()}@example.org`, firstName: "Sam" });
  const button = page.locator("main form button[type=submit]");
  await expect(button).toBeVisible();
  const scrolls = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(scrolls, "the pre-checkout is longer than the screen").toBeGreaterThan(400);
  for (const y of [0, Math.round(scrolls / 2), scrolls]) {
    await page.evaluate((top) => window.scrollTo({ top }), y);
    const room = await roomBelowButton(page);
    expect(room, `scrolled to ${y}`).toBeGreaterThanOrEqual(0);
    expect(room, `scrolled to ${y}`).toBeLessThan(812);
  }
  // It is the real button: it still works from the bottom bar.
  await page.evaluate(() => window.scrollTo({ top: 0 }));
  await expect(button).toBeEnabled();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => window.scrollTo({ top: 0 }));
  expect(await button.evaluate((b) => getComputedStyle(b.parentElement!).position)).toBe("static");
});
