import { expect, test } from "@playwright/test";
import { walkFunnel } from "./funnel-steps.ts";

/**
 * On a phone an answer's label wraps, and its radio circle must still sit beside the label's first
 * line, where the one-line answers have theirs: every circle at the same offset from its label's
 * first line. The career switch's "How far is the switch" step at 375 px has both kinds of label.
 */
test("at 375 px every radio circle sits at the same height on its label's first line, wrapped or not", async ({ page }) => {
  // 22 questions are answered on the way: a bound for a hung walk on a busy machine, not a speed target.
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await walkFunnel(page, { start: "/switch", until: "/switch/distance", email: "align@example.com", firstName: "Sam" });
  const radios = page.getByRole("radiogroup").getByRole("radio");
  await expect(radios).toHaveCount(4);
  await page.evaluate(() => document.fonts.ready);
  const answers = await radios.evaluateAll((inputs) =>
    inputs.map((input) => {
      const label = (input as HTMLInputElement).labels![0]!;
      // The label's words, line by line: a range over its text alone gives one box per line.
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT, (n) => (n.textContent!.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP));
      const texts: Text[] = [];
      while (walker.nextNode()) texts.push(walker.currentNode as Text);
      const range = document.createRange();
      range.setStart(texts[0]!, 0);
      range.setEnd(texts.at(-1)!, texts.at(-1)!.length);
      const lines = [...range.getClientRects()].filter((r) => r.width > 0);
      const first = lines[0]!;
      const circle = input.getBoundingClientRect();
      return {
        text: label.textContent ?? "",
        lines: new Set(lines.map((r) => Math.round(r.top))).size,
        offset: (circle.top + circle.bottom) / 2 - (first.top + first.bottom) / 2,
      };
    }),
  );
  // Both kinds are on the step: labels that wrap and one that does not.
  expect(answers.some((a) => a.lines > 1)).toBe(true);
  expect(answers.some((a) => a.lines === 1)).toBe(true);
  const offsets = answers.map((a) => a.offset);
  expect(Math.max(...offsets) - Math.min(...offsets), JSON.stringify(answers)).toBeLessThanOrEqual(1);
  // And on the first line: the circle's centre within that line's own height.
  for (const a of answers) expect(Math.abs(a.offset), a.text).toBeLessThan(4);
});
