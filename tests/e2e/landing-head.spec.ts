import { expect, test } from "@playwright/test";
import { join } from "node:path";
import { serverRenderedPaths } from "#schemas/pages/route-patterns.ts";
import { readFlows } from "#server/flows/read-flows.ts";

/**
 * A page whose first screen is in its HTML needs nothing in its head that holds its first paint, on
 * a slow phone or in Lighthouse's simulation of one (issue 31, ADR 039): no stylesheet to fetch, no
 * script that blocks the parser, and its scripts (which only make the page answer) fetched at low
 * priority. Lighthouse counts a script fetched at high priority before the paint as holding it up.
 */
const pages = async () => {
  const flows = await readFlows(join(process.cwd(), "flows"));
  if (!flows.ok) throw new Error("flows/ does not load");
  return [...serverRenderedPaths(), ...flows.flows.map((flow) => flow.paths.start)];
};

/** The tags of the head that fetch something or hold the paint. */
const fetching = (head: string) =>
  [...head.matchAll(/<(?:script|link)\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/rel="(?:icon|canonical|alternate)"/.test(tag));

test("every server-rendered page's head: no stylesheet to fetch, no parser-blocking script, its scripts announced at low priority", async ({ request }) => {
  for (const path of await pages()) {
    // One visitor of its own address, so the render allowance of the suite's other visitors is not spent.
    const res = await request.get(path, { headers: { "x-forwarded-for": "198.18.254.2" } });
    expect(res.status(), path).toBe(200);
    expect(res.headers()["server-timing"], `${path} rendered by the server`).toMatch(/render;desc="(kept|rendered)"/);
    const head = (await res.text()).split("</head>")[0]!;
    const tags = fetching(head);
    expect(
      tags.filter((tag) => tag.startsWith("<link") && /rel="stylesheet"/.test(tag) && !/\sdisabled\b/.test(tag)),
      `${path}: a stylesheet fetched before the first paint`,
    ).toEqual([]);
    expect(
      tags.filter((tag) => tag.startsWith("<script") && /\ssrc=/.test(tag) && !/type="module"|\s(?:async|defer)\b/.test(tag)),
      `${path}: a script that blocks the parser`,
    ).toEqual([]);
    const scripts = tags.filter((tag) => /^<script type="module"|rel="modulepreload"/.test(tag));
    expect(scripts.length, `${path}: its scripts announced`).toBeGreaterThan(2);
    expect(
      scripts.filter((tag) => !/\sfetchpriority="low"/.test(tag)),
      `${path}: a script at the browser's default (high) priority`,
    ).toEqual([]);
  }
});

test("in Chromium, every server-rendered page fetches nothing render-blocking and no script at high priority before its load event", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const requests: { url: string; type: string; priority: string }[] = [];
  cdp.on("Network.requestWillBeSent", (e) => requests.push({ url: e.request.url, type: e.type ?? "", priority: e.request.initialPriority }));
  for (const path of await pages()) {
    requests.length = 0;
    const res = await page.goto(path, { waitUntil: "load" });
    expect(res?.headers()["server-timing"], `${path} rendered by the server`).toMatch(/render;desc="(kept|rendered)"/);
    // What the browser itself reports (Resource Timing): what held the first paint, and what it started before its load event.
    const { blocking, beforeLoad } = await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource") as (PerformanceResourceTiming & { renderBlockingStatus?: string })[];
      const load = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart;
      return {
        blocking: resources.filter((r) => r.renderBlockingStatus === "blocking").map((r) => r.name),
        beforeLoad: resources.filter((r) => r.startTime < load).map((r) => r.name),
      };
    });
    expect(blocking, `${path}: render-blocking resources`).toEqual([]);
    const scripts = requests.filter((r) => r.type === "Script" && beforeLoad.includes(r.url));
    expect(scripts.length, `${path}: its scripts fetched`).toBeGreaterThan(2);
    expect(
      scripts.filter((r) => r.priority === "High" || r.priority === "VeryHigh").map((r) => `${r.priority} ${new URL(r.url).pathname}`),
      `${path}: scripts at high priority before the load event`,
    ).toEqual([]);
  }
});
