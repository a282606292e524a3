import { expect, test, type Page } from "@playwright/test";
import { mailText } from "./account-setup.ts";
import { appStarted, walkFunnel } from "./funnel-steps.ts";

/**
 * A shuffled question and a piped title in a real funnel (ADR 067): the anxiety check's "what sets
 * your worry off" options come in an order drawn once per visitor, "not sure" last; a reload keeps
 * the order; the e-mail step's title greets the visitor by the name they typed.
 */
const TRIGGERS = "What tends to set your worry off?";
const NOT_SURE = "Nothing in particular, or I am not sure";

/** From the start to the triggers question, as a new visitor with every GAD-7 answer "Not at all". */
async function toTriggers(page: Page, firstName = "Kai") {
  await walkFunnel(page, { start: "/anxiety", until: "/anxiety/triggers", email: "unused@example.org", firstName, choose: () => "Not at all" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TRIGGERS);
}
/** The option labels on screen, top to bottom, once all six are drawn. */
async function shownOrder(page: Page) {
  const boxes = page.locator("main").getByRole("checkbox");
  await expect(boxes).toHaveCount(6);
  return boxes.evaluateAll((all) => all.map((b) => b.closest("label")?.textContent?.trim() ?? ""));
}

test("two visitors see the triggers in different orders, a reload keeps one's order, and the e-mail step greets them by name", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await toTriggers(page);
  const mine = await shownOrder(page);
  expect(mine).toHaveLength(6);
  expect(mine.at(-1)).toBe(NOT_SURE);

  // Other visitors, in browsers of their own: one of 120 draws matches this one, so a second other
  // visitor is asked only then (and a third after that, one chance in 14,400).
  const others: string[][] = [];
  for (let i = 0; i < 3 && others.every((o) => o.join() === mine.join()); i++) {
    const context = await browser.newContext();
    const other = await context.newPage();
    await toTriggers(other);
    others.push(await shownOrder(other));
    await context.close();
  }
  expect(others.every((o) => o.at(-1) === NOT_SURE)).toBe(true);
  expect(others.at(-1)).not.toEqual(mine);
  expect([...others.at(-1)!].sort()).toEqual([...mine].sort());

  // Whether the question was still loading when the app drew the page (the app resumes the run
  // itself): read when it marks the root, before anything else changes.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      (window as unknown as { loadingAtStart: boolean }).loadingAtStart = document.querySelector("main .page-loading") !== null;
      observer.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated", "data-rendered"] });
  });
  await page.reload();
  await appStarted(page);
  expect(await page.evaluate(() => (window as unknown as { loadingAtStart: boolean }).loadingAtStart), "the question loading when the app drew it").toBe(false);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TRIGGERS);
  expect(await shownOrder(page)).toEqual(mine);

  await walkFunnel(page, { start: page.url(), until: "/anxiety/email", email: "unused@example.org", firstName: "Kai" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kai, where should we send your report?");
});

test("one visitor keeps the stored order after losing the saved progress and on a second device, and the title shows their name as typed", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  page.on("dialog", (dialog) => {
    throw new Error(`a script ran from an answer: ${dialog.message()}`);
  });
  // The longest first name the step takes, made of markup: it must come back as typed, never as markup.
  const name = '<script>alert("x")</script><b>Kai</b> & Co'.padEnd(60, "é");
  const email = `second-device-${Date.now()}@example.org`;
  await toTriggers(page, name);
  const mine = await shownOrder(page);
  await page.reload();
  expect(await shownOrder(page)).toEqual(mine);

  // Local storage cleared, the visitor cookie kept: the funnel's address re-opens the session where it was, in its order.
  await page.evaluate(() => localStorage.clear());
  await page.goto("/anxiety");
  await expect(page).toHaveURL(/\/anxiety\/triggers$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TRIGGERS);
  expect(await shownOrder(page)).toEqual(mine);

  await walkFunnel(page, { start: page.url(), until: "/anxiety/email", email, firstName: name });
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toHaveText(`${name}, where should we send your report?`);
  await expect(title.locator("b, script")).toHaveCount(0);
  await page.getByRole("textbox", { name: /email/i }).first().fill(email);
  await page.locator("main form button[type=submit]").click();
  await page.waitForURL(/\/anxiety\/(analyzing|pre-checkout)$/, { waitUntil: "commit" });

  // A second device: no cookie, no storage, only the e-mailed link; the triggers question there shows the same order.
  const link = /\/continue\?token=[\w-]+/.exec(await mailText(page, email, /Continue where you left off/))?.[0];
  expect(link, "the continue link").toBeTruthy();
  const phone = await browser.newContext();
  const second = await phone.newPage();
  await second.goto(link!);
  await second.waitForURL((u) => u.pathname.startsWith("/anxiety/"), { waitUntil: "commit" });
  await second.goto("/anxiety/triggers");
  await expect(second.getByRole("heading", { level: 1 })).toHaveText(TRIGGERS);
  expect(await shownOrder(second)).toEqual(mine);
  await phone.close();
});
