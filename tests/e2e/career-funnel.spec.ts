import { expect, test, type Page } from "@playwright/test";
import { openMail } from "./account-setup.ts";
import { answerCurrent, appStarted } from "./funnel-steps.ts";
import { pinVariants } from "./variants.ts";

// The report in its default layout at /get-result: the variants have their own test (result-variants.spec.ts).
test.beforeEach(({ page }) => pinVariants(page, { result_page: "a" }));

/**
 * The career funnel as a visitor takes it, in Chromium against the real server: every step,
 * reload, back button, deep links, and continuing on another device from the e-mailed link.
 */
const START = "/quiz/career_test_green";

/** Answers steps until the URL is `path` (at most `limit` steps). */
async function answerUntil(page: Page, path: string, limit = 60) {
  for (let i = 0; i < limit && new URL(page.url()).pathname !== path; i++) {
    if (new URL(page.url()).pathname.includes("preparing")) {
      await page.waitForURL((u) => !u.pathname.includes("preparing"), { timeout: 30_000, waitUntil: "commit" });
      continue;
    }
    await answerCurrent(page);
  }
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test("a visitor takes the career test from the first question to the pre-checkout", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${START}?utm_source=newsletter&utm_campaign=autumn&fbclid=fb-123`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.locator("main form button[type=submit]").click();
  await expect(page).toHaveURL(/\/quiz\/career_test_green\/r1$/);
  await expect(page.getByText(/Question 1 of 30/)).toBeVisible();
  await expect(page.getByRole("radiogroup")).toBeVisible();

  await answerUntil(page, "/summary");
  // The teaser: all answers "Like" is a flat profile, said as such, with no strongest area (ADR 036); every other section locked.
  await expect(page.getByText(/Your answers rate all six interest areas about the same/).first()).toBeVisible();
  await expect(page.getByText(/your strongest interest area is/i)).toHaveCount(0);
  await expect(page.getByText("Unlocked with your report").first()).toBeVisible();
  await expect(page.getByText(/Conventional work is about/)).toHaveCount(0);
  await answerCurrent(page);
  await expect(page).toHaveURL(/\/test-name$/);
  await page.getByLabel(/name/i).fill("Robin");
  await page.getByRole("button", { name: /continue/i }).click();
  await expect(page).toHaveURL(/\/test-email$/);
  await page.getByLabel(/email/i).first().fill("bad-address");
  await page.locator("main form button[type=submit]").click();
  await expect(page.getByRole("alert").first()).toContainText("doesn’t look like an email address");
  await page.getByLabel(/email/i).first().fill(`robin-${Date.now()}@example.org`);
  await page.locator("main form button[type=submit]").click();
  await expect(page).toHaveURL(/\/report-preparing$/);
  await expect(page.getByRole("progressbar", { name: "Analysis progress" })).toBeVisible();
  await page.waitForURL(/\/pre-checkout$/, { timeout: 30_000, waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("listitem").first()).toBeVisible();

  const stored = await page.evaluate(() => ({ utm: localStorage.getItem("utmParams"), fbclid: localStorage.getItem("fbclid") }));
  expect(JSON.parse(stored.utm!)).toEqual({ utm_source: "newsletter", utm_campaign: "autumn" });
  expect(stored.fbclid).toBe("fb-123");
  const status = await page.evaluate(
    async () => (await (await fetch("/api/quiz-analyze/get-latest-result-analyze-status")).json()) as { data: { status: string } },
  );
  expect(status.data.status).toBe("ready");
});

test("a reload resumes at the same step with the answers kept; the back button returns to the last answer", async ({ page }) => {
  await page.goto(START);
  await answerCurrent(page);
  await answerCurrent(page, "Strongly like");
  await answerCurrent(page, "Dislike");
  await expect(page).toHaveURL(/\/quiz\/career_test_green\/a1$/);
  const question = await page.getByRole("heading", { level: 1 }).textContent();

  await page.reload();
  await expect(page).toHaveURL(/\/quiz\/career_test_green\/a1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(question!);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/quiz\/career_test_green\/i1$/);
  await expect(page.getByRole("radio", { name: "Dislike", exact: true })).toBeChecked();
  await page.goForward();
  await expect(page).toHaveURL(/\/quiz\/career_test_green\/a1$/);

  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/quiz\/career_test_green\/i1$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
});

test("the next question is drawn in the same elements: nothing of the last one carried over, no transition started, focus on its title", async ({ page }) => {
  await page.goto(START);
  await appStarted(page);
  await page.locator("main form button[type=submit]").click();
  const heading = page.getByRole("heading", { level: 1 });
  await expect(page).toHaveURL(/\/quiz\/career_test_green\/r1$/);
  const first = await heading.textContent();
  // Each element of the question marked, to find it again after the step change.
  await page.evaluate(() => {
    for (const el of document.querySelectorAll("main h1, main .choice, main .choice__input, main form button[type=submit]"))
      (el as HTMLElement & { drawnFor?: string }).drawnFor = "r1";
  });
  await page.getByRole("radio").nth(3).focus();
  await page.keyboard.press("Space");
  await page.locator("main .choice[data-checked]").waitFor();
  // Past the picked choice's fade-in, so only what the step change starts is left.
  await page.waitForFunction(() => document.querySelector("main")!.getAnimations({ subtree: true }).length === 0);
  // Every transition the step change starts on a choice, as the browser reports it.
  await page.evaluate(() => {
    const started: string[] = [];
    document.querySelector("main")!.addEventListener("transitionrun", (event) => {
      if ((event.target as Element).matches(".choice")) started.push(`${(event.target as Element).textContent} ${event.propertyName}`);
    });
    (window as unknown as { started: string[] }).started = started;
  });
  await page.locator("main form button[type=submit]").focus();
  await page.keyboard.press("Enter");
  await expect(heading).not.toHaveText(first!);
  // The title takes focus in a task after the frame that showed the step (ADR 042); a transition
  // that frame started is reported in the frame after it.
  await expect(heading).toBeFocused();
  await page.evaluate(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));

  const after = await page.evaluate(() => {
    const elements = [...document.querySelectorAll("main h1, main .choice, main .choice__input, main form button[type=submit]")];
    return {
      kept: elements.filter((el) => (el as HTMLElement & { drawnFor?: string }).drawnFor === "r1").length,
      all: elements.length,
      checked: document.querySelectorAll("main input:checked, main .choice[data-checked]").length,
      // The choice that was picked goes back to plain at once: the step change starts no transition on the choices.
      started: (window as unknown as { started: string[] }).started,
    };
  });
  expect(after).toEqual({ kept: 12, all: 12, checked: 0, started: [] });
  await expect(page.locator("main form button[type=submit]")).toBeDisabled();
  await expect(page).toHaveURL(/\/quiz\/career_test_green\/i1$/);
});

test("a deep link to a later step sends a new visitor to the first step they have not completed", async ({ page }) => {
  await page.goto("/test-email");
  await expect(page).toHaveURL(new RegExp(`${START}$`));
  await answerCurrent(page);
  await answerCurrent(page);
  await page.goto("/pre-checkout");
  await expect(page).toHaveURL(/\/quiz\/career_test_green\/i1$/);
});

test("the e-mailed 'continue where you left off' link restores the answers in another browser", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `resume-${Date.now()}@example.org`;
  await page.goto(START);
  await answerUntil(page, "/summary");
  await answerCurrent(page);
  await page.getByLabel(/name/i).fill("Kai");
  await page.getByRole("button", { name: /continue/i }).click();
  await page.getByLabel(/email/i).first().fill(email);
  await page.locator("main form button[type=submit]").click();
  await expect(page).toHaveURL(/\/report-preparing$/);

  await openMail(page, email, /Continue where you left off/);
  const link = await page
    .getByRole("link", { name: /\/continue\?token=/ })
    .first()
    .getAttribute("href");

  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto(new URL(link!).pathname + new URL(link!).search);
  await phone.waitForURL((u) => !u.pathname.startsWith("/continue"), { waitUntil: "commit" });
  await expect(phone.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(phone).toHaveURL(/\/(report-preparing|pre-checkout)$/);
  const answers = await phone.evaluate(() => JSON.parse(localStorage.getItem("funnel:career_test_green")!).snapshot.context.answers as Record<string, unknown>);
  expect(answers.name).toBe("Kai");
  expect(answers.r1).toBe(3);
  await other.close();
});

for (const width of [1440, 1024, 768, 375]) {
  test(`the funnel's steps fit a ${width} px wide screen without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(START);
    for (let i = 0; i < 3; i++) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `step ${i} at ${width}px`).toBeLessThanOrEqual(0);
      await answerCurrent(page);
    }
    const box = await page.getByRole("radio").first().locator("xpath=..").boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
  });
}

test("progress saved under an older version of the flow keeps the answers whose steps still exist", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() =>
    localStorage.setItem(
      "funnel:career_test_green",
      JSON.stringify({
        hash: "an-older-version",
        snapshot: { value: "removed_step", context: { answers: { intro: null, r1: 4, removed_step: "x" } } },
        sessionId: null,
      }),
    ),
  );
  await page.goto(START);
  await expect(page).toHaveURL(/\/quiz\/career_test_green\/i1$/);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("radio", { name: "Strongly like" })).toBeChecked();
});
