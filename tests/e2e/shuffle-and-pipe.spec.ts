import { expect, test, type Page } from "@playwright/test";
import { walkFunnel } from "./funnel-steps.ts";

/**
 * A shuffled question and a piped title in a real funnel (ADR 067): the anxiety check's "what sets
 * your worry off" options come in an order drawn once per visitor, "not sure" last; a reload keeps
 * the order; the e-mail step's title greets the visitor by the name they typed.
 */
const TRIGGERS = "What tends to set your worry off?";
const NOT_SURE = "Nothing in particular, or I am not sure";

/** From the start to the triggers question, as a new visitor with every GAD-7 answer "Not at all". */
async function toTriggers(page: Page) {
  await walkFunnel(page, { start: "/anxiety", until: "/anxiety/triggers", email: "unused@example.org", firstName: "Kai", choose: () => "Not at all" });
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

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TRIGGERS);
  expect(await shownOrder(page)).toEqual(mine);

  await walkFunnel(page, { start: page.url(), until: "/anxiety/email", email: "unused@example.org", firstName: "Kai" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kai, where should we send your report?");
});
