import { chromium } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "#tests/e2e/chromium.ts";

/** Chromium DevTools' "Slow 4G" preset (its numbers), and a mid-range phone's CPU (4× slower). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };
const CPU_SLOWDOWN = 4;

export type SlowLoad = { fcpMs: number; usableMs: number; hydrated: boolean };

/**
 * A page opened as a phone on a slow network would open it, throttled for real (not simulated): when
 * its first content was painted, and when the app had taken it over so its button answers.
 */
export async function measureSlowLoad(origin: string, path: string): Promise<SlowLoad> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(`${origin}${path}`, { waitUntil: "commit", timeout: 60_000 });
    // The app's mark on its root once its first render is committed (src/web/app/hydration.tsx).
    await page.waitForFunction(
      () => {
        const root = document.getElementById("root");
        return root?.hasAttribute("data-hydrated") || root?.hasAttribute("data-rendered");
      },
      null,
      { timeout: 60_000 },
    );
    return await page.evaluate(() => {
      const root = document.getElementById("root")!;
      const started = performance.getEntriesByType("mark").find((m) => m.name === "app-started");
      return {
        fcpMs: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
        usableMs: started?.startTime ?? performance.now(),
        hydrated: root.hasAttribute("data-hydrated"),
      };
    });
  } finally {
    await browser.close();
  }
}
