import { expect, test } from "@playwright/test";
import { api, newAccount, newSubscriber } from "./account-setup.ts";

/**
 * The account's overview arrives drawn by the server for the customer whose session it proves, with
 * their own data, and the app takes that HTML over (ADR 075). Its head holds nothing that a phone or
 * Lighthouse's simulation could take for render-blocking, as a landing page's (tests/e2e/landing-head.spec.ts).
 */

/** The tags of the head that fetch something or hold the paint. */
const fetching = (head: string) =>
  [...head.matchAll(/<(?:script|link)\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/rel="(?:icon|canonical|alternate)"/.test(tag));
const rootOf = (html: string) => html.split('<div id="root">')[1]?.split('<div id="after-root"')[0] ?? "";

test("a customer's account arrives with their own subscription drawn, held by nothing, and is hydrated; another customer's cookie gets their own", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `first-screen-${Date.now()}@example.org`;
  await newSubscriber(page, email);
  const paid = (await api(page, "GET", "/api/customer/paid-content")).body.data as { subscriptions: { product_name: string }[] };
  const product = paid.subscriptions[0]!.product_name;

  const res = await page.request.get("/account");
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("private, no-store");
  expect(res.headers()["server-timing"]).toBe('render;desc="rendered"');
  const html = await res.text();
  expect(rootOf(html)).toContain(`${product}: active, renews on`);
  const tags = fetching(html.split("</head>")[0]!);
  expect(tags.filter((tag) => /rel="stylesheet"/.test(tag) && !/\sdisabled\b/.test(tag))).toEqual([]);
  // A script the head fetches (an inline loader fetches nothing: the scripts start after the first paint, ADR 039).
  expect(tags.filter((tag) => /^<script\b[^>]*\ssrc=|rel="modulepreload"/.test(tag) && !/\sfetchpriority="low"/.test(tag))).toEqual([]);

  // In Chromium: nothing render-blocking, no script at high priority before the load event, the server's HTML hydrated without an error.
  const errors: string[] = [];
  page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const high: string[] = [];
  cdp.on("Network.requestWillBeSent", (e) => {
    if (e.type === "Script" && (e.request.initialPriority === "High" || e.request.initialPriority === "VeryHigh")) high.push(e.request.url);
  });
  const asked: string[] = [];
  page.on("request", (r) => void (r.url().includes("/api/auth/customer") && asked.push(r.url())));
  await page.goto("/account", { waitUntil: "load" });
  const { blocking, beforeLoad } = await page.evaluate(() => {
    const resources = performance.getEntriesByType("resource") as (PerformanceResourceTiming & { renderBlockingStatus?: string })[];
    const load = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart;
    return {
      blocking: resources.filter((r) => r.renderBlockingStatus === "blocking").map((r) => r.name),
      beforeLoad: resources.filter((r) => r.startTime < load).map((r) => r.name),
    };
  });
  expect(blocking).toEqual([]);
  expect(high.filter((url) => beforeLoad.includes(url))).toEqual([]);
  await expect(page.locator("#root[data-hydrated]")).toBeAttached();
  await expect(page.getByText(`${product}: active, renews on`)).toBeVisible();
  expect(errors).toEqual([]);
  // The app took the customer from the page: it did not ask the server again who is logged in.
  expect(asked).toEqual([]);

  // Another customer, never paid: their own account, nothing of the first's.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await newAccount(otherPage, `first-screen-other-${Date.now()}@example.org`);
    const theirs = await (await otherPage.request.get("/account")).text();
    expect(rootOf(theirs)).toContain("Your account");
    expect(theirs).not.toContain(email);
    expect(rootOf(theirs)).not.toContain(`${product}: active`);
  } finally {
    await other.close();
  }
});
