import { chromium } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "#tests/e2e/chromium.ts";
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
  /** The app took over the server's HTML (hydrateRoot) rather than drawing the page itself. */
  hydrated: boolean;
};

/**
 * Opens a funnel in Chromium like a visitor from an ad: waits until the app has taken the page over
 * (hydrated, or drawn by itself), counts the gzipped JavaScript the page started fetching before
 * its load event or the app's start, whichever came later (what the first screen needs to answer;
 * what the app fetches after both, such as the later steps' renderers, is not the first screen's),
 * then times answer → next step painted over `answers` answers.
 */
export async function measureFirstScreen(origin: string, path = "/quiz/career_test_green", answers = 15): Promise<FirstScreen> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    // Every script's body, kept as it comes; one still loading when the browser closes is not needed.
    const scripts: { url: string; body: Promise<Buffer | null> }[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script")
        scripts.push({
          url: response.url(),
          body: response.body().catch(() => null),
        });
    });
    await page.goto(`${origin}${path}`, { waitUntil: "load" });
    // The app's mark on its root once its first render is committed (src/web/app/hydration.tsx).
    await page.waitForFunction(() => {
      const root = document.getElementById("root");
      return root?.hasAttribute("data-hydrated") || root?.hasAttribute("data-rendered");
    });
    const { asked: before, hydrated } = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      // The app's start, when it comes after the load event: the page's scripts start after its first
      // paint (ADR 039), which may come after the load event of a page whose first screen is its HTML.
      const started = performance.getEntriesByName("app-started", "mark")[0]?.startTime ?? 0;
      const until = Math.max(navigation.loadEventStart, started);
      return {
        asked: performance
          .getEntriesByType("resource")
          .filter((e) => e.startTime < until)
          .map((e) => e.name),
        hydrated: document.getElementById("root")!.hasAttribute("data-hydrated"),
      };
    });
    const asked = new Set(before);
    const loaded = await Promise.all(scripts.filter((s) => asked.has(s.url)).map(async (s) => ({ url: s.url, body: (await s.body) ?? Buffer.alloc(0) })));
    const jsBytes = loaded.reduce((sum, s) => sum + gz(s.body), 0);
    const text = loaded.map((s) => s.body.toString("utf8")).join("\n");
    const forbidden = Object.entries(FORBIDDEN)
      .filter(([, re]) => re.test(text))
      .map(([name]) => name);

    const files = loaded.map((s) => ({ name: new URL(s.url).pathname.split("/").pop() ?? s.url, bytes: gz(s.body) }));
    if (answers === 0) return { jsBytes, files, forbidden, clickToPaint: [], tapToPaint: [], stepChanges: [], stepChangeFloor: [], hydrated };
    // A first visit shows the privacy banner over the page's foot; the visitor answers it first.
    await page.getByRole("button", { name: "Decline all" }).click();
    await page.locator("main form button[type=submit]").click();
    // Answer → next step painted, from trusted input (bench/funnel/step-change.ts, ADR 042).
    const stepChanges = await measureStepChanges(page, answers);
    const clickToPaint = stepChanges.filter((s) => s.by !== "tap").map((s) => s.painted);
    const tapToPaint = stepChanges.filter((s) => s.by === "tap").map((s) => s.painted);
    const floor = await measureStepChangeFloor(page, answers);
    const stepChangeFloor = floor.filter((s) => s.by !== "tap").map((s) => s.painted);
    return { jsBytes, files, forbidden, clickToPaint, tapToPaint, stepChanges, stepChangeFloor, hydrated };
  } finally {
    await browser.close();
  }
}
