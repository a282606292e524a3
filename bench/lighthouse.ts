// Lighthouse, mobile with simulated throttling (its default), in Debian's Chromium, offline: the
// median of `runs` runs per page, each in a fresh browser profile.
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM, CHROMIUM_ARGS } from "#tests/e2e/chromium.ts";

export type LighthouseRow = {
  page: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  unusedJsKb: number;
  /** Requests Lighthouse's render-blocking audit lists. */
  renderBlocking: number;
  /**
   * Scripts fetched at high priority that had arrived before the first paint Lighthouse observed: its
   * simulation takes each for one that held the paint (issue 31, ADR 039). A count of the trace's
   * requests, not a time: it does not grow with the machine's load as the simulated times do.
   */
  highScriptsBeforePaint: number;
  /** The path the page showed when Lighthouse finished: another than the one asked for means that page was not measured. */
  shownPath: string;
};

type NetworkRequest = { resourceType?: string; priority?: string; networkEndTime?: number };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/**
 * Puts a visitor's cookies (a `Cookie` header's pairs) into the browser's own cookie jar, as their
 * browser has them: every request of the page carries them, its own `fetch` calls too (an extra header
 * given to Lighthouse reaches only the document). Lighthouse's storage reset leaves cookies alone.
 */
async function putCookies(port: number, origin: string, header: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const cookies = header
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
      });
    await browser.contexts()[0]!.addCookies(cookies);
  } finally {
    // Connected, not launched: this lets go of the browser and leaves its default profile as it is.
    await browser.close();
  }
}

async function once(url: string, cookies: string | undefined): Promise<Omit<LighthouseRow, "page">> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS.filter((a) => a !== "--headless").concat("--headless=new") });
  try {
    if (cookies) await putCookies(chrome.port, new URL(url).origin, cookies);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const unused = lhr.audits["unused-javascript"]?.details as { overallSavingsBytes?: number } | undefined;
    const items = (id: string) => (lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? [];
    const observedFcp = (items("metrics")[0] as { observedFirstContentfulPaint?: number } | undefined)?.observedFirstContentfulPaint ?? 0;
    return {
      shownPath: new URL(lhr.finalDisplayedUrl).pathname,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcpMs: audit("first-contentful-paint"),
      lcpMs: audit("largest-contentful-paint"),
      tbtMs: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      unusedJsKb: (unused?.overallSavingsBytes ?? 0) / 1024,
      renderBlocking: items("render-blocking-resources").length,
      highScriptsBeforePaint: (items("network-requests") as NetworkRequest[]).filter(
        (r) => r.resourceType === "Script" && (r.priority === "High" || r.priority === "VeryHigh") && (r.networkEndTime ?? Infinity) <= observedFcp,
      ).length,
    };
  } finally {
    chrome.kill();
  }
}

/** One run, tried again (twice at most) when Lighthouse could not record the trace: a failed recording is not a page's figure. */
async function measured(url: string, cookies: string | undefined): Promise<Omit<LighthouseRow, "page">> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await once(url, cookies);
    } catch (error) {
      if (attempt === 3 || !(error instanceof Error) || !error.message.startsWith("lighthouse:")) throw error;
      console.log(`  ${url}: ${error.message}; running it again`);
    }
  }
}

/** Each page's median over `runs` runs (by performance score; the other figures are that run's). */
export async function lighthousePages(
  /** `cookies`: a visitor's `Cookie` header, put into the browser's jar before each run. */
  pages: { name: string; url: string; cookies?: () => string }[],
  runs = 3,
): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const page of pages) {
    const results: Omit<LighthouseRow, "page">[] = [];
    for (let i = 0; i < runs; i++) results.push(await measured(page.url, page.cookies?.()));
    const mid = median(results.map((r) => r.performance));
    const chosen = results.find((r) => r.performance === mid)!;
    rows.push({ page: page.name, ...chosen, fcpMs: median(results.map((r) => r.fcpMs)), lcpMs: median(results.map((r) => r.lcpMs)) });
  }
  return rows;
}
