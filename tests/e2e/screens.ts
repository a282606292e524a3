import { expect, type Page } from "@playwright/test";

/** The widths every page is checked and photographed at. */
export const WIDTHS = [
  [1440, 900],
  [1024, 768],
  [768, 1024],
  [375, 812],
] as const;

/** The growth console is checked at a phone's width and a desktop's. */
export const PHONE_AND_DESKTOP = [WIDTHS[3], WIDTHS[0]] as const;

type Options = { widths?: readonly (readonly [number, number])[]; fullPage?: boolean };

/** E2E_SCREENSHOTS=off: the checks at every width without writing the pictures (CI, where nobody looks at them). */
const WRITE = process.env.E2E_SCREENSHOTS !== "off";

/** A picture of the page for people to look at, unless E2E_SCREENSHOTS=off: nothing in the suite compares it (ADR 034). */
export async function photo(page: Page, path: string, { fullPage = false }: { fullPage?: boolean } = {}) {
  if (WRITE) await page.screenshot({ path, fullPage, animations: "disabled" });
}

/**
 * Screenshots of the page at each width, in test-results/screens/<folder>/<name>-<width>.png, after
 * fonts are loaded and two frames painted; at every width the page must not scroll sideways (the
 * failure names what sticks out).
 */
export async function screens(page: Page, folder: string, name: string, { widths = WIDTHS, fullPage = true }: Options = {}) {
  for (const [width, height] of widths) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))));
    const wide = await page.evaluate(() =>
      document.documentElement.scrollWidth <= window.innerWidth
        ? []
        : [...document.querySelectorAll("body *:not(svg *)")]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(-5)
            .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} (${Math.round(el.getBoundingClientRect().right)} px)`),
    );
    expect(wide, `${folder}/${name} at ${width} px scrolls sideways`).toEqual([]);
    await photo(page, `test-results/screens/${folder}/${name}-${width}.png`, { fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
