import { expect, test } from "@playwright/test";
import { join } from "node:path";
import { serverRenderedPaths } from "#schemas/pages/route-patterns.ts";
import { readFlows } from "#server/flows/read-flows.ts";

/**
 * A page whose first screen is in its HTML needs nothing in its head that holds its first paint, on
 * a slow phone or in Lighthouse's simulation of one (issue 31, ADR 039): no stylesheet to fetch, no
 * script that blocks the parser, and its scripts (which only make the page answer) started once the
 * first screen is painted (src/server/plugins/page-scripts.ts), at low priority. Lighthouse counts a
 * script fetched at high priority before the paint as holding up its first paint, and any script
 * that arrived before the largest paint as holding up that one.
 */
const pages = async () => {
  const flows = await readFlows(join(process.cwd(), "flows"));
  if (!flows.ok) throw new Error("flows/ does not load");
  return [...serverRenderedPaths(), ...flows.flows.map((flow) => flow.paths.start)];
};

/** The tags of the head that fetch something or hold the paint. */
const fetching = (head: string) =>
  [...head.matchAll(/<(?:script|link)\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/rel="(?:icon|canonical|alternate)"/.test(tag));

test("every server-rendered page's head: no stylesheet to fetch, no script fetched, its scripts listed for after the first paint", async ({ request }) => {
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
    expect(
      tags.filter((tag) => /^<script\b[^>]*\ssrc=|rel="modulepreload"/.test(tag)),
      `${path}: a script fetched from the head, before the first paint`,
    ).toEqual([]);
    const listed = /<script type="application\/json" id="page-scripts">([^<]*)<\/script>/.exec(head)?.[1];
    expect((JSON.parse(listed ?? "[]") as string[]).length, `${path}: its scripts listed`).toBeGreaterThan(2);
  }
});

test("in Chromium, every server-rendered page fetches nothing render-blocking, and its scripts only after its first paint, at low priority", async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const requests: { url: string; type: string; priority: string }[] = [];
  cdp.on("Network.requestWillBeSent", (e) => requests.push({ url: e.request.url, type: e.type ?? "", priority: e.request.initialPriority }));
  for (const path of await pages()) {
    requests.length = 0;
    const res = await page.goto(path, { waitUntil: "load" });
    expect(res?.headers()["server-timing"], `${path} rendered by the server`).toMatch(/render;desc="(kept|rendered)"/);
    await expect(page.locator("#root[data-hydrated]"), `${path} hydrated`).toBeAttached();
    // What the browser itself reports (Resource Timing, Paint Timing): what held the first paint, and when each script started.
    const { blocking, paint, scriptStarts, listed } = await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource") as (PerformanceResourceTiming & { renderBlockingStatus?: string })[];
      return {
        blocking: resources.filter((r) => r.renderBlockingStatus === "blocking").map((r) => r.name),
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
        scriptStarts: resources.map((r) => ({ url: r.name, start: r.startTime })),
        listed: (JSON.parse(document.getElementById("page-scripts")?.textContent ?? "[]") as string[]).map((url) => new URL(url, location.href).href),
      };
    });
    expect(blocking, `${path}: render-blocking resources`).toEqual([]);
    const scripts = requests.filter((r) => r.type === "Script");
    expect(scripts.length, `${path}: its scripts fetched`).toBeGreaterThan(2);
    expect(
      scriptStarts.filter((r) => scripts.some((s) => s.url === r.url) && r.start < paint).map((r) => new URL(r.url).pathname),
      `${path}: scripts started before the first contentful paint`,
    ).toEqual([]);
    expect(
      scripts
        .filter((r) => listed.includes(r.url) && (r.priority === "High" || r.priority === "VeryHigh"))
        .map((r) => `${r.priority} ${new URL(r.url).pathname}`),
      `${path}: the page's own scripts at high priority`,
    ).toEqual([]);
  }
});
