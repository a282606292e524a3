// Lighthouse, mobile with simulated throttling (its default), in Debian's Chromium, offline: the
// median of `runs` runs per page, each in a fresh browser profile.
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

async function once(url: string, headers: Record<string, string>): Promise<Omit<LighthouseRow, "page">> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS.filter((a) => a !== "--headless").concat("--headless=new") });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      extraHeaders: headers,
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
async function measured(url: string, headers: Record<string, string>): Promise<Omit<LighthouseRow, "page">> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await once(url, headers);
    } catch (error) {
      if (attempt === 3 || !(error instanceof Error) || !error.message.startsWith("lighthouse:")) throw error;
      console.log(`  ${url}: ${error.message}; running it again`);
    }
  }
}

/** Each page's median over `runs` runs (by performance score; the other figures are that run's). */
export async function lighthousePages(
  pages: { name: string; url: string; headers?: () => Promise<Record<string, string>> }[],
  runs = 3,
): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const page of pages) {
    const results: Omit<LighthouseRow, "page">[] = [];
    for (let i = 0; i < runs; i++) results.push(await measured(page.url, (await page.headers?.()) ?? {}));
    const mid = median(results.map((r) => r.performance));
    const chosen = results.find((r) => r.performance === mid)!;
    rows.push({ page: page.name, ...chosen, fcpMs: median(results.map((r) => r.fcpMs)), lcpMs: median(results.map((r) => r.lcpMs)) });
  }
  return rows;
}
