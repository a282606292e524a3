import { chromium } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "../../tests/e2e/chromium.ts";
import { FORBIDDEN, gz } from "./bundle.ts";

export type FirstScreen = { jsBytes: number; files: { name: string; bytes: number }[]; forbidden: string[]; clickToPaint: number[]; tapToPaint: number[] };

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

    // Keyboard path (no selection pause): Continue pressed → next heading painted.
    const clickToPaint: number[] = [];
    const tapToPaint: number[] = [];
    const files = loaded.map((s) => ({ name: new URL(s.url).pathname.split("/").pop() ?? s.url, bytes: gz(s.body) }));
    if (answers === 0) return { jsBytes, files, forbidden, clickToPaint, tapToPaint };
    await page.locator("main form button[type=submit]").click();
    for (let i = 0; clickToPaint.length + tapToPaint.length < answers && i < answers * 2; i++) {
      await page.locator("main form button[type=submit]").waitFor();
      if ((await page.getByRole("radio").count()) < 4) {
        const heading = await page.locator("h1").textContent();
        await page.locator("main form button[type=submit]").click();
        await page.waitForFunction((before) => document.querySelector("h1")?.textContent !== before, heading);
        continue;
      }
      const radio = page.getByRole("radio").nth(3);
      const keyboard = i % 2 === 0;
      if (keyboard) {
        await radio.focus();
        await page.keyboard.press("Space");
      }
      const ms = await page.evaluate(
        (byKeyboard) =>
          new Promise<number>((resolve) => {
            const heading = document.querySelector("h1")!;
            const before = heading.textContent;
            const start = performance.now();
            const observer = new MutationObserver(() => {
              const now = document.querySelector("h1");
              if (now && now.textContent !== before) {
                observer.disconnect();
                requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
              }
            });
            observer.observe(document.body, { subtree: true, childList: true, characterData: true });
            if (byKeyboard) (document.querySelector("main form button[type=submit]") as HTMLButtonElement).click();
            else {
              const label = document.querySelectorAll("label.choice")[3] as HTMLElement;
              label.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
              label.click();
            }
          }),
        keyboard,
      );
      (keyboard ? clickToPaint : tapToPaint).push(ms);
    }
    return { jsBytes, files, forbidden, clickToPaint, tapToPaint };
  } finally {
    await browser.close();
  }
}
