import { expect, test, type Page } from "@playwright/test";
import { api } from "./account-setup.ts";
import { appStarted, walkCareerTest, walkFunnel } from "./funnel-steps.ts";
import { screens } from "./screens.ts";
import { pinVariants } from "./variants.ts";

/**
 * "Take the test again" (the restart link, `?again=1`, ADR 077) starts a new run: the browser's saved
 * run and the server's re-opening of a finished, unpaid one used to bring the visitor back to where
 * they were (the summary, the offer) instead of the first question. The old run stays as it was.
 */
const WIDTHS = [
  [375, 812],
  [1440, 900],
] as const;

/** The server session of the browser's saved run of a flow (src/web/funnel/session/persistence.ts). */
const savedSession = (page: Page, code: string) =>
  page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? "null") as { sessionId?: string } | null)?.sessionId ?? null, `funnel:${code}`);

/** The next POST /api/quiz/sessions: its status and whether it asked for a fresh run. */
const nextStart = (page: Page) =>
  page
    .waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/quiz/sessions", { timeout: 30_000 })
    .then((r) => ({ status: r.status(), fresh: (r.request().postDataJSON() as { fresh?: boolean }).fresh === true }));

test("the flat profile's 'Take the test again' opens the first question of a new run; the old run stays", async ({ page }) => {
  test.setTimeout(240_000);
  await pinVariants(page, { result_page: "a" });
  // Every activity "Like": a flat profile, whose summary offers to take the test again.
  await walkCareerTest(page, { email: `again-${Date.now()}@example.org`, firstName: "Robin", until: "/summary" });
  const old = await savedSession(page, "career_test_green");
  expect(old).toBeTruthy();
  const link = page.locator("main").getByRole("link", { name: "Take the test again" });
  await expect(link).toHaveAttribute("href", "/quiz/career_test_green?again=1");

  const started = nextStart(page);
  await link.click();
  expect(await started, "a new session, asked for as fresh").toEqual({ status: 201, fresh: true });
  await expect(page).toHaveURL(/\/quiz\/career_test_green$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Discover the kinds of work you would enjoy");
  await expect.poll(() => savedSession(page, "career_test_green")).not.toBe(old);
  const fresh = await savedSession(page, "career_test_green");
  expect(fresh).toBeTruthy();
  await screens(page, "restart-link", "career-restarted", { widths: WIDTHS });

  // The first question, with nothing chosen.
  await page.locator("main form button[type=submit]").click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Discover the kinds of work you would enjoy");
  await expect(page.getByRole("radio").first()).toBeVisible();
  await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
  await screens(page, "restart-link", "career-first-question", { widths: WIDTHS });

  // The old run is still this browser's, scored, its teaser readable as before.
  const report = await api(page, "GET", `/api/quiz/sessions/${old}/report`);
  expect(report.status).toBe(200);
  // A reload goes on in the new run (the request left the address), not in a third one.
  await page.reload();
  await appStarted(page);
  await expect(page.getByRole("radio").first()).toBeVisible();
  await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
  expect(await savedSession(page, "career_test_green")).toBe(fresh);
});

test("the restart link opened from the offer, with UTM tags: the first screen of a new run, the tags kept, the request gone", async ({ page }) => {
  test.setTimeout(180_000);
  await walkFunnel(page, { start: "/anxiety", until: "/anxiety/pre-checkout", email: `again-offer-${Date.now()}@example.org`, firstName: "Lena" });
  const old = await savedSession(page, "anxiety_gad7");
  expect(old).toBeTruthy();

  // Without the request the offer comes back, as before.
  await page.goto("/anxiety");
  await appStarted(page);
  await expect(page).toHaveURL(/\/anxiety\/pre-checkout$/);

  const started = nextStart(page);
  await page.goto("/anxiety?again=1&utm_source=newsletter");
  await appStarted(page);
  expect(await started).toEqual({ status: 201, fresh: true });
  await expect(page).toHaveURL(/\/anxiety\?utm_source=newsletter$/);
  await expect(page.getByRole("radiogroup", { name: "Choose your plan" })).toHaveCount(0);
  await expect.poll(() => savedSession(page, "anxiety_gad7")).not.toBe(old);
  await screens(page, "restart-link", "anxiety-restarted", { widths: WIDTHS });
});
