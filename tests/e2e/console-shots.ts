import { expect, type Page } from "@playwright/test";

/**
 * The growth console's screenshots at phone and desktop width into .tmp/shots/<name>-<width>.png;
 * the page must never scroll sideways (the failure names what sticks out).
 */
export async function consoleShots(page: Page, name: string) {
  for (const [width, height] of [
    [375, 812],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))));
    await page.screenshot({ path: `.tmp/shots/${name}-${width}.png`, fullPage: true, animations: "disabled" });
    const wide = await page.evaluate(() =>
      document.documentElement.scrollWidth <= window.innerWidth
        ? []
        : [...document.querySelectorAll("body *:not(svg *)")]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(-5)
            .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} (${Math.round(el.getBoundingClientRect().right)} px)`),
    );
    expect(wide, `${name} at ${width} px scrolls sideways`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
