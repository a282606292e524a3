import { expect, test, type Locator, type Page } from "@playwright/test";
import { newSubscriber } from "./account-setup.ts";
import { payTrialInSandbox, walkFunnel } from "./funnel-steps.ts";

/**
 * Issue 27, what a visitor meets after paying, at 375 px: "See your result" on the order-success
 * page leads to the result of the quiz just paid for even while that flow's own chunk is still on
 * its way (a loaded machine: it used to point at the career test until the chunk came); the card
 * keeps the page's side margin; dates never wrap inside ("1 / December 2026") on the account pages;
 * without JavaScript the notice saying so comes first.
 */
test.use({ viewport: { width: 375, height: 812 } });

/** The dates in `scope` whose text is laid out on more than one line. */
async function wrappedDates(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const month = "(?:January|February|March|April|May|June|July|August|September|October|November|December)";
    const date = new RegExp(`\\d{1,2}\\s+${month}\\s+\\d{4}|${month}\\s+\\d{1,2},\\s+\\d{4}`, "g");
    const wrapped: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const found of (node.textContent ?? "").matchAll(date)) {
        const range = document.createRange();
        range.setStart(node, found.index);
        range.setEnd(node, found.index + found[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) wrapped.push(found[0]);
      }
    }
    return wrapped;
  });
}

/** The horizontal gaps between `box` and the two edges of the viewport. */
async function sideGaps(page: Page, box: Locator): Promise<[number, number]> {
  const rect = (await box.boundingBox())!;
  return [rect.x, page.viewportSize()!.width - (rect.x + rect.width)];
}

test("after paying: See your result leads to this quiz's result while its flow still loads, and the card keeps the page's side margin", async ({ page }) => {
  test.setTimeout(300_000);
  const email = `after-payment-${Date.now()}@example.org`;
  await walkFunnel(page, { start: "/anxiety", until: "/anxiety/pre-checkout", email, firstName: "Kai", choose: () => "Several days" });

  // From here on the anxiety flow's own chunk is held until "See your result" has been clicked,
  // as a slow network or a busy machine holds it (routing also keeps the browser's cache out).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/anxiety_gad7-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await payTrialInSandbox(page);

  const card = page.locator(".order-card");
  const [left, right] = await sideGaps(page, card);
  const header = await sideGaps(page, page.getByRole("banner").getByRole("link", { name: "Pathwise" }));
  // The card sits in the page's side margin, the one the header's logo starts at.
  expect.soft(left).toBeGreaterThan(0);
  expect.soft(Math.round(left)).toBe(Math.round(header[0]));
  expect.soft(Math.round(right)).toBe(Math.round(left));

  const seeResult = page.getByRole("link", { name: "See your result" });
  await expect(seeResult).toHaveAttribute("href", "/anxiety/get-result");
  await seeResult.click();
  release();
  await expect(page).toHaveURL(/\/anxiety\/get-result$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 2, name: "Your anxiety report" })).toBeVisible({ timeout: 30_000 });
  // The report's cover names the day it was taken ("Anxiety check (GAD-7) · 1 December 2026").
  expect(await wrappedDates(page.locator("main")), "dates wrapped inside on the result page").toEqual([]);
});

test("a subscriber's dates at 375 px never wrap inside: the account home, the plan and the billing history", async ({ page }) => {
  test.setTimeout(120_000);
  await newSubscriber(page, `dates-${Date.now()}@example.org`);
  for (const path of ["/account", "/account/profile", "/account/profile/my-plans"]) {
    await page.goto(path);
    const main = page.locator("main");
    await expect(main.getByText(/(January|February|March|April|May|June|July|August|September|October|November|December)/).first()).toBeVisible();
    expect(await wrappedDates(main), `dates wrapped inside on ${path}`).toEqual([]);
  }
});

test("without JavaScript, the notice is the first thing on the page, styled, above the header", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto("/");
  // (Playwright's text locators do not look inside <noscript>, which a browser without JavaScript shows.)
  const notice = page.locator("noscript > p");
  await expect(notice).toHaveText("Pathwise needs JavaScript to run its assessments. Please turn it on and reload the page.");
  await expect(notice).toBeVisible();
  const box = (await notice.boundingBox())!;
  // The server's first screen is drawn below it: its header starts where the notice ends.
  await expect(page.getByRole("banner")).toBeVisible();
  const banner = (await page.getByRole("banner").boundingBox())!;
  expect(box.y).toBeLessThan(banner.y);
  expect(banner.y).toBeGreaterThanOrEqual(box.y + box.height);
  const look = await notice.evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, padding: parseFloat(style.paddingTop) };
  });
  expect(look.background).not.toBe("rgba(0, 0, 0, 0)");
  expect(look.padding).toBeGreaterThan(0);
  await context.close();
});
