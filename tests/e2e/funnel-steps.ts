import { expect, type Page } from "@playwright/test";
import { asNewVisitor } from "./account-setup.ts";

/**
 * Waits until the app has taken the page over (src/web/app/hydration.tsx marks the root): a
 * server-rendered step is on screen before its scripts start (ADR 039), and a tick or a click
 * before then is the browser's own, which the app does not see.
 */
export async function appStarted(page: Page) {
  await page.waitForFunction(() => ["data-hydrated", "data-rendered"].some((a) => document.querySelector("#root")?.hasAttribute(a)));
}

/**
 * Answers the funnel step on screen as a visitor would: picks `likertChoice` (or the first option)
 * on a choice step, else presses the step's button; then waits for the next step's heading and URL.
 */
export async function answerCurrent(page: Page, likertChoice = "Like") {
  await appStarted(page);
  // The step's form drawn (a step whose renderer is still loading shows a loading line in its place).
  await page.locator("main form").first().waitFor();
  const heading = page.getByRole("heading", { level: 1 });
  const before = await heading.textContent();
  const beforeUrl = page.url();
  const radios = page.getByRole("radio");
  const boxes = page.locator("main").getByRole("checkbox");
  if ((await radios.count()) > 0) {
    const group = page.getByRole("radiogroup");
    const option = group.getByText(likertChoice, { exact: true });
    await ((await option.count()) > 0 ? option : radios.first()).click();
  } else {
    // A multiple choice step: the first option, when the step needs one and none is ticked.
    if ((await boxes.count()) > 0 && (await page.locator("main input[type=checkbox]:checked").count()) === 0) await boxes.first().check();
    await page.locator("main form button[type=submit]").click();
  }
  await expect(heading).not.toHaveText(before ?? "");
  // The URL follows the new step one render later: wait for it too, so callers read the new step's URL.
  await page.waitForURL((u) => u.href !== beforeUrl, { waitUntil: "commit" });
}

/**
 * The career test from its first question until the page at `until` (the pre-checkout by default),
 * as a new visitor: the first name and e-mail typed at their steps, the preparing steps waited out.
 * `likert` picks the answer of each question by its place (every answer "Like" gives a flat profile,
 * which has no matched professions).
 */
export async function walkCareerTest(page: Page, options: { email: string; firstName: string; until?: string; likert?: (step: number) => string }) {
  const until = options.until ?? "/pre-checkout";
  await asNewVisitor(page);
  await page.goto("/quiz/career_test_green");
  // The start, answered as any step: its press may wait for the flow's machine (ADR 080), and the
  // first question's own button (disabled until a choice) must not be taken for the start's.
  await answerCurrent(page);
  for (let i = 0; i < 80; i++) {
    const path = new URL(page.url()).pathname;
    if (path === until) return;
    if (path.includes("preparing")) {
      await page.waitForURL((u) => !u.pathname.includes("preparing"), { timeout: 30_000, waitUntil: "commit" });
      continue;
    }
    if (path === "/test-name") await page.getByLabel(/name/i).fill(options.firstName);
    // Logged in, the e-mail step shows the customer's own address, read-only (ADR 011).
    if (path === "/test-email" && (await page.getByLabel(/email/i).first().isEditable())) await page.getByLabel(/email/i).first().fill(options.email);
    await answerCurrent(page, options.likert?.(i));
  }
  await expect(page).toHaveURL(new RegExp(`${until}$`));
}

/**
 * Any funnel from its first page until the page at `until`, as a new visitor: the first name and
 * e-mail typed where asked, preparing steps waited out, each question answered with `choose(title)`
 * (the answer's label) or the first option. Returns the paths it passed, in order.
 */
export async function walkFunnel(
  page: Page,
  options: { start: string; until: string; email: string; firstName: string; choose?: (title: string) => string | undefined },
): Promise<string[]> {
  const seen: string[] = [];
  // A walk that continues a funnel keeps its visitor; a new one is a new visitor.
  if (!/\/(summary|support|name|email|analyzing|pre-checkout)$/.test(new URL(options.start, "http://x").pathname)) await asNewVisitor(page);
  await page.goto(options.start);
  await appStarted(page);
  for (let i = 0; i < 80; i++) {
    const path = new URL(page.url()).pathname;
    seen.push(path);
    if (path === options.until) return seen;
    if (/preparing|analyzing/.test(path)) {
      await page.waitForURL((u) => !/preparing|analyzing/.test(u.pathname), { timeout: 30_000, waitUntil: "commit" });
      continue;
    }
    const name = page.getByRole("textbox", { name: "First name" });
    if ((await name.count()) > 0) await name.fill(options.firstName);
    const email = page.getByRole("textbox", { name: /email/i });
    // Logged in, the e-mail step shows the customer's own address, read-only (ADR 011).
    if ((await email.count()) > 0 && (await email.first().isEditable())) await email.first().fill(options.email);
    const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    await answerCurrent(page, options.choose?.(title.trim()));
  }
  await expect(page).toHaveURL(new RegExp(`${options.until}$`));
  return seen;
}

/** From the pre-checkout: picks `plan`, continues to the payment step and on to the (sandbox) provider's page. */
export async function openSandboxCheckout(page: Page, plan = "7-day trial") {
  await page.getByRole("radiogroup", { name: "Choose your plan" }).getByRole("radio", { name: plan }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: "Continue to secure checkout" }).click();
  await page.waitForURL(/\/sandbox\//);
}

/** From the pre-checkout: the 7-day trial, paid in the sandbox, up to the order-success page. */
export async function payTrialInSandbox(page: Page) {
  await openSandboxCheckout(page);
  await page.getByRole("button", { name: "Approve payment" }).click();
  await page.waitForURL(/\/order-success\?order_id=/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you, your report is unlocked");
}
