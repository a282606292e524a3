import { expect, test } from "@playwright/test";
import { photo } from "./screens.ts";

const WIDTHS = [1440, 1024, 768, 375];

test("the home page introduces the product and links every assessment", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /career/i }).first()).toHaveAttribute("href", "/quiz/career_test_green");
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("a new visitor's first screen waits for no API call: no catalogue load, no login check, no flow chunk, no 401 in the console", async ({ page }) => {
  const calls: string[] = [];
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith("/api/")) calls.push(path);
    if (r.resourceType() === "script") scripts.push(path.split("/").pop()!);
  });
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  const before: string[] = [];
  for (const path of ["/", "/quiz/career_test_green", "/income"]) {
    calls.length = 0;
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The catalogue came in the page: its texts are there, not their codes.
    await expect(page.locator("body")).not.toContainText("{{");
    before.push(...calls);
  }
  expect(before.filter((c) => c === "/api/auth/customer" || c === "/api/info-data-catalog/list")).toEqual([]);
  // A funnel's flow came in its page too: its own chunk is never fetched.
  expect(scripts.filter((s) => /^(career_test_green|income_growth)-/.test(s))).toEqual([]);
  expect(scripts.some((s) => s.startsWith("FunnelPage-"))).toBe(true);
  expect(errors).toEqual([]);
});

test("the login state's machine comes after the load event; the header shows the same login state before and after it (ADR 081)", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (m) => void ((m.type() === "error" || m.type() === "warning") && problems.push(m.text())));
  for (const path of ["/", "/quiz/career_test_green"]) {
    await page.goto(path);
    if (path === "/") await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
    const fetched = await page.waitForFunction(() => {
      const machine = performance.getEntriesByType("resource").find((e) => /\/auth-runtime-[\w-]+\.js$/.test(e.name));
      const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      return machine && navigation && navigation.loadEventStart > 0 ? { machine: machine.startTime, load: navigation.loadEventStart } : null;
    });
    const { machine, load } = (await fetched.jsonValue())!;
    expect(machine).toBeGreaterThanOrEqual(load);
    if (path === "/") await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
  }
  expect(problems).toEqual([]);
});

for (const width of WIDTHS) {
  test(`the home page fits a ${width} px wide screen without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await photo(page, `test-results/screens/home-${width}.png`, { fullPage: true });
  });
}

test("a client route that does not exist shows the not-found page with a way home", async ({ page }) => {
  const response = await page.goto("/this/page/does-not-exist");
  expect(response?.headers()["cache-control"]).toBe("no-cache");
  await expect(page.getByRole("link", { name: /home/i }).first()).toBeVisible();
});

test("the keyboard reaches the skip link first and it moves focus to the main content", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("Tab");
  const focused = page.locator(":focus");
  await expect(focused).toHaveText(/skip/i);
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeVisible();
});
