import { expect, test, type Page } from "@playwright/test";
import { VISITOR_COOKIE } from "#schemas/pages/visitor-cookie.ts";
import { appStarted } from "./funnel-steps.ts";
import { pinVariants, visitorIdFor } from "./variants.ts";

/**
 * A server-rendered page is on screen before its scripts run (ADR 039). What the visitor presses in
 * that time is held and played back once the app has taken the page over. Here the page's scripts are
 * kept from the browser until the visitor has pressed, so the press surely comes first; the page is
 * opened up to DOMContentLoaded only, as its load waits for the scripts held.
 */
async function openWithScriptsHeld(page: Page, url: string): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const scriptsRequested = new Promise<void>((resolve) => (requested = resolve));
  await page.route(
    (u) => u.pathname.startsWith("/assets/") && u.pathname.endsWith(".js"),
    async (route) => {
      requested();
      await released;
      await route.continue();
    },
  );
  await page.goto(url, { waitUntil: "domcontentloaded" });
  return {
    release: async () => {
      await scriptsRequested;
      release();
    },
  };
}

test("Start pressed before the page's scripts have run opens the first question, with the ad's UTM parameters kept", async ({ page }) => {
  const held = await openWithScriptsHeld(page, "/quiz/career_test_green?utm_source=facebook&utm_campaign=winter&fbclid=fb-early-1");
  await page.locator("main form button[type=submit]").click();
  await held.release();

  await expect(page).toHaveURL(/\/quiz\/career_test_green\/r1$/);
  await expect(page.getByRole("radio").first()).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("utmParams")))!)).toMatchObject({ utm_source: "facebook", utm_campaign: "winter" });
  expect(await page.evaluate(() => localStorage.getItem("fbclid"))).toBe("fb-early-1");
});

test("a link pressed before the scripts have run is followed once they have, the ad's UTM parameters stored first", async ({ page }) => {
  const held = await openWithScriptsHeld(page, "/?utm_source=newsletter&utm_medium=email");
  await page.getByRole("link", { name: "Log in" }).first().click();
  await held.release();

  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("utmParams")))!)).toMatchObject({ utm_source: "newsletter", utm_medium: "email" });
});

test("an address typed and sent before the scripts have run is sent once they have", async ({ page }) => {
  const held = await openWithScriptsHeld(page, "/forgot-password");
  await page.getByLabel("Email address").fill("early-typist@example.com");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await held.release();

  await expect(page.getByRole("status").filter({ hasText: "If an account exists" })).toBeVisible();
  await expect(page.getByText("Enter a valid e-mail address")).toHaveCount(0);
});

test("a visitor who scrolled to the footer before the scripts ran stays there, and its link is followed", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  const held = await openWithScriptsHeld(page, "/");
  const terms = page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" });
  await terms.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await held.release();
  await appStarted(page);

  // The app taking the page over does not move it: a press aimed at the footer lands on the footer.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await terms.click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
});

test("Start pressed before the scripts have run, on a page the app then draws anew, is played back on the page it drew", async ({ page, context, baseURL }) => {
  // A visitor kept in a variant from before, with a cookie that lands in another: the server renders
  // for the cookie's, and the app draws the page anew in the kept one (tests/e2e/server-render.spec.ts).
  await pinVariants(page, { result_page: "b" });
  await context.addCookies([{ name: VISITOR_COOKIE, value: visitorIdFor({ result_page: "a" }), url: baseURL! }]);
  const held = await openWithScriptsHeld(page, "/quiz/career_test_green");
  await page.locator("main form button[type=submit]").click();
  await held.release();

  await expect(page.locator("#root")).toHaveAttribute("data-rendered", "true");
  await expect(page).toHaveURL(/\/quiz\/career_test_green\/r1$/);
  await expect(page.getByRole("radio").first()).toBeVisible();
});

test("Start pressed after the app started but before the flow's machine came says it is being handled, and moves on once", async ({ page }) => {
  // The flow's machine (XState, ADR 080) is kept from the browser until the visitor has pressed.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-flow-actor-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/quiz/career_test_green");
  await appStarted(page);
  await page.getByRole("button", { name: "Start the test" }).click();

  const waiting = page.locator("main form button[type=submit]");
  await expect(waiting).toHaveText("One moment…");
  await expect(waiting).toBeDisabled();
  await expect(waiting).toHaveAttribute("aria-busy", "true");
  release();

  await expect(page).toHaveURL(/\/quiz\/career_test_green\/r1$/);
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible();
  await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
});
