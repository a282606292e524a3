import { expect, test } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { asNewVisitor } from "./account-setup.ts";
import { answerCurrent } from "./funnel-steps.ts";
import { PHONE_AND_DESKTOP, screens } from "./screens.ts";
import { newStaff } from "./staff-setup.ts";

/**
 * The funnel graph as the growth team reads it (ADR 063): a visitor takes the career test's first
 * two steps in another browser, a staff member opens the graph from the flows list and finds that
 * transition counted, downloads the drawing as SVG, and reads the page at a phone's width and a
 * desktop's without it scrolling sideways.
 */
const FLOW = "career_test_green";

test("a staff member opens a funnel's graph, reads a transition a visitor just took and downloads it as SVG", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await asNewVisitor(visitor);
  await visitor.goto(`/quiz/${FLOW}`);
  await answerCurrent(visitor);
  await answerCurrent(visitor);
  await expect(visitor).toHaveURL(/\/i1$/);
  await visitorContext.close();

  await newStaff(page, `graph-${Date.now()}@example.org`);
  await page.goto("/admin/funnels");
  const card = page.getByRole("article").filter({ has: page.getByText(FLOW, { exact: true }) });
  await card.getByRole("link", { name: /^Graph of / }).click();
  await expect(page.getByRole("heading", { level: 1, name: /the funnel as its graph$/ })).toBeVisible();

  // The first transition, intro → r1, has at least the visitor above on it: in the drawing and the table.
  const drawing = page.getByRole("group", { name: /^Funnel graph of / });
  const label = drawing.locator('[data-edge="intro>r1"] text').first();
  await expect(label).toHaveText(/^[1-9][\d,]* · \d+\.\d%$/);
  const row = page
    .getByRole("region", { name: /^Transitions/ })
    .getByRole("row")
    .filter({ hasText: "Repair the brakes and gears of a bicycle" })
    .first();
  await expect(row.getByRole("cell").last()).toHaveText((await label.textContent()) ?? "");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download SVG" }).click()]);
  expect(download.suggestedFilename()).toBe(`${FLOW}-graph.svg`);
  const svg = await readFile(await download.path(), "utf8");
  expect(svg).toMatch(/^<\?xml[^>]*>\s*<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(svg).toContain((await label.textContent()) ?? "");

  await screens(page, "console", "admin-funnel-graph", { widths: PHONE_AND_DESKTOP });
});
