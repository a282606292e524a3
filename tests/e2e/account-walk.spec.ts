import { expect, test, type Page } from "@playwright/test";
import { api, newSubscriber } from "./account-setup.ts";
import { screens } from "./screens.ts";

/**
 * Every account page a subscriber can reach, and the public pages that sell or explain it, opened
 * in Chromium against the real server: each answers 200, shows its heading, has no leftover
 * template text, fits 1440, 1024, 768 and 375 px without sideways scrolling, and is photographed at
 * each width (test-results/screens/account-walk/). The navigation's every entry is clicked too: a
 * menu entry is a promise that its page works.
 */

type Stop = { name: string; path: string; heading: string | RegExp };

async function expectPage(page: Page, stop: Stop) {
  const response = await page.goto(stop.path);
  expect(response?.status(), `${stop.path} answers 200`).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: stop.heading })).toBeVisible();
  await expect(page.locator("main")).not.toContainText(/\{\{|\bundefined\b|\bNaN\b|\[object Object\]/);
}

test("a subscriber opens every account page from the navigation and directly; each fits every width", async ({ page }) => {
  // Every account page (the privacy page joined them) at four widths: on a busy machine past 4 min.
  test.setTimeout(480_000);
  await newSubscriber(page, `walk-${Date.now()}@example.org`);
  const plans = (await api(page, "GET", "/api/edu-plan/list")).body.data as { id: number; code: string; name: string; days: { title: string }[] }[];
  const plan = plans.find((p) => p.code === "career-clarity-7-days")!;
  // A plan taken, so its day page shows the day itself.
  expect((await api(page, "POST", "/api/customer/edu-plan/take", { plan_id: plan.id })).status).toBe(200);
  const articles = (await api(page, "GET", "/api/article/list")).body.data as { id: number; name: string }[];
  const tools = (await api(page, "GET", "/api/tools")).body.data as { name: string; title: string }[];

  // The navigation: each entry opens its page and is marked as the current one.
  await page.goto("/account");
  const nav = page.getByRole("navigation", { name: "Your account" });
  for (const label of await nav.getByRole("link").allTextContents()) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }

  const stops: Stop[] = [
    { name: "overview", path: "/account", heading: "Welcome to your account" },
    { name: "reports", path: "/account/reports", heading: "Your reports" },
    { name: "example-report", path: "/account/reports/example_prompt", heading: /report/i },
    { name: "plans", path: "/account/plans", heading: "Education plans" },
    { name: "plan", path: `/account/plans/${plan.code}`, heading: plan.name },
    { name: "plan-day", path: `/account/plans/${plan.code}/1`, heading: plan.days[0]!.title },
    { name: "library", path: "/account/library", heading: "Library" },
    { name: "article", path: `/account/library/${articles[0]!.id}`, heading: articles[0]!.name },
    { name: "tools", path: "/account/tools", heading: "Tools" },
    ...tools.map((tool) => ({ name: `tool-${tool.name}`, path: `/account/tools/${tool.name}`, heading: tool.title })),
    { name: "career-toolkit", path: "/account/career-toolkit", heading: "Career toolkit" },
    { name: "book-your-coach", path: "/account/book-your-coach", heading: "Book a session with a coach" },
    { name: "profile", path: "/account/profile", heading: "Profile" },
    { name: "account-settings", path: "/account/profile/account-settings", heading: "Account settings" },
    { name: "my-plans", path: "/account/profile/my-plans", heading: "My plans" },
    { name: "unsubscribe", path: "/account/profile/unsubscribe", heading: "Which subscription do you want to cancel?" },
    { name: "privacy-policy", path: "/account/profile/privacy-policy", heading: "Privacy Policy" },
    { name: "terms-of-service", path: "/account/profile/terms-of-service", heading: "Terms of Service" },
    { name: "pricing", path: "/pricing", heading: "Pricing" },
    { name: "public-career-toolkit", path: "/career-toolkit", heading: "Career toolkit" },
    { name: "feedback", path: "/feedback", heading: "Tell us what you think" },
  ];
  for (const stop of stops) {
    await expectPage(page, stop);
    await screens(page, "account-walk", stop.name);
  }
});

test("an unknown account page answers 404 and shows the not-found page inside the site", async ({ page }) => {
  const response = await page.goto("/account/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /home/i }).first()).toBeVisible();
});
