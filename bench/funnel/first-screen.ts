import { chromium } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "../../tests/e2e/chromium.ts";
import { FORBIDDEN, gz } from "./bundle.ts";
import { measureStepChangeFloor, measureStepChanges, type StepChangeSample } from "./step-change.ts";

export type FirstScreen = {
  jsBytes: number;
  files: { name: string; bytes: number }[];
  forbidden: string[];
  clickToPaint: number[];
  tapToPaint: number[];
  stepChanges: StepChangeSample[];
  /** The same step-change measure on a page that does nothing else (bench/funnel/step-change.ts). */
  stepChangeFloor: number[];
};

/**
 * Opens a funnel in Chromium like a visitor from an ad: counts the gzipped JavaScript fetched until
 * the first step can be answered, then times answer → next step painted over `answers` answers.
 */
export async function measureFirstScreen(origin: string, path = "/quiz/career_test_green", answers = 15): Promise<FirstScreen> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    // The moment the first step's button is in the page, taken in the page itself: what the browser
    // asked for after it (the idle prefetch of later steps' renderers) is not the first screen's,
    // however late the test notices the button on a busy machine.
    // (No named function inside: tsx would wrap it in a helper the page does not have.)
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector("main form button[type=submit]")) return;
        (window as unknown as { usableAt: number }).usableAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
    // Every script's body, kept as it comes; one still loading when the browser closes is not needed.
    const scripts: { url: string; body: Promise<Buffer | null> }[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script")
        scripts.push({
          url: response.url(),
          body: response.body().catch(() => null),
        });
    });
    await page.goto(`${origin}${path}`);
    await page.locator("main form button[type=submit]").waitFor();
    const asked = new Set(
      await page.evaluate(() => {
        const usableAt = (window as unknown as { usableAt: number }).usableAt;
        return performance
          .getEntriesByType("resource")
          .filter((e) => e.startTime <= usableAt)
          .map((e) => e.name);
      }),
    );
    const loaded = await Promise.all(scripts.filter((s) => asked.has(s.url)).map(async (s) => ({ url: s.url, body: (await s.body) ?? Buffer.alloc(0) })));
    const jsBytes = loaded.reduce((sum, s) => sum + gz(s.body), 0);
    const text = loaded.map((s) => s.body.toString("utf8")).join("\n");
    const forbidden = Object.entries(FORBIDDEN)
      .filter(([, re]) => re.test(text))
      .map(([name]) => name);

    const files = loaded.map((s) => ({ name: new URL(s.url).pathname.split("/").pop() ?? s.url, bytes: gz(s.body) }));
    if (answers === 0) return { jsBytes, files, forbidden, clickToPaint: [], tapToPaint: [], stepChanges: [], stepChangeFloor: [] };
    await page.locator("main form button[type=submit]").click();
    // Answer → next step painted, from trusted input (bench/funnel/step-change.ts, ADR 042).
    const stepChanges = await measureStepChanges(page, answers);
    const clickToPaint = stepChanges.filter((s) => s.by !== "tap").map((s) => s.painted);
    const tapToPaint = stepChanges.filter((s) => s.by === "tap").map((s) => s.painted);
    const floor = await measureStepChangeFloor(page, answers);
    const stepChangeFloor = floor.filter((s) => s.by !== "tap").map((s) => s.painted);
    return { jsBytes, files, forbidden, clickToPaint, tapToPaint, stepChanges, stepChangeFloor };
  } finally {
    await browser.close();
  }
}
