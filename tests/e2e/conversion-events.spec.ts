import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { consentCookieValue } from "#schemas/consent/consent.ts";
import { conversionEventId } from "#schemas/conversions/events.ts";
import { payTrialInSandbox, walkFunnel } from "./funnel-steps.ts";

/**
 * What the browser tells ad platforms (ADR 057), as a visitor from a Facebook ad meets it: with
 * marketing consent, one purchase for the order with the id the server sends it with, and the same
 * id at the Meta and TikTok pixels (configured for this suite in playwright.config.ts, their scripts
 * answered here by empty files, so the calls stay in the pixels' queues where the test reads them);
 * after Decline, nothing in the dataLayer and no request to anyone but us, pixels configured or not.
 */
const LANDING = "/burnout?utm_source=facebook&fbclid=test123";

/** Every dataLayer push of every page of the walk, kept in session storage as pages change. */
const RECORD_PUSHES = () => {
  const key = "e2e:dataLayer";
  const layer: unknown[] = [];
  layer.push = (...items: unknown[]) => {
    sessionStorage.setItem(key, JSON.stringify([...(JSON.parse(sessionStorage.getItem(key) ?? "[]") as unknown[]), ...items]));
    return Array.prototype.push.apply(layer, items);
  };
  (window as { dataLayer?: unknown[] }).dataLayer = layer;
};
const pushesOfWalk = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem("e2e:dataLayer") ?? "[]") as Record<string, unknown>[]);

async function visitorWhoChose(context: BrowserContext, baseURL: string, marketing: boolean) {
  const decided_at = new Date().toISOString();
  await context.addCookies([{ name: "pw_consent", value: consentCookieValue({ analytics: marketing, marketing, decided_at }), url: baseURL }]);
  await context.addInitScript(RECORD_PUSHES);
  const thirdParty: string[] = [];
  context.on("request", (request) => {
    if (new URL(request.url()).origin !== baseURL) thirdParty.push(request.url());
  });
  // The pixels' scripts, without the network: empty files leave their queues in place.
  await context.route(/^https:\/\/(connect\.facebook\.net|analytics\.tiktok\.com)\//, (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
  return thirdParty;
}

async function walkAndPay(page: Page) {
  await walkFunnel(page, { start: LANDING, until: "/burnout/pre-checkout", email: `conversions-${Date.now()}@example.org`, firstName: "Robin" });
  await payTrialInSandbox(page);
  return new URL(page.url()).searchParams.get("order_id")!;
}

test("with marketing consent: one purchase for the order, with the server's event id, in the dataLayer and at both pixels", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const thirdParty = await visitorWhoChose(context, baseURL!, true);
  const orderId = await walkAndPay(page);
  const eventId = conversionEventId("trial_started", orderId);

  const onThisPage = (await page.evaluate(() => window.dataLayer ?? [])) as Record<string, unknown>[];
  expect(onThisPage.filter((e) => e.event === "purchase")).toEqual([
    { event: "purchase", event_id: eventId, transaction_id: orderId, value: 1.99, currency: "USD" },
  ]);
  // The same id at Meta (StartTrial: the plan starts with a trial) and at TikTok, once their scripts are in.
  await expect
    .poll(() => page.evaluate(() => window.fbq?.queue.at(-1)))
    .toEqual(["track", "StartTrial", { value: 1.99, currency: "USD" }, { eventID: eventId }]);
  await expect
    .poll(() => page.evaluate(() => [...(window.ttq ?? [])].at(-1)))
    .toEqual(["track", "CompletePayment", { value: 1.99, currency: "USD" }, { event_id: eventId }]);

  // A reload of the success page sends it no second time.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you, your report is unlocked");
  const walk = await pushesOfWalk(page);
  expect(walk.filter((e) => e.event === "purchase")).toHaveLength(1);
  // The walk's other moments, each once, each with its id.
  expect(walk.filter((e) => "event_id" in e).map((e) => [e.event, e.event_id])).toEqual([
    ["quiz_start", expect.stringMatching(/^quiz_[0-9a-f-]{36}$/)],
    ["generate_lead", expect.stringMatching(/^lead_[0-9a-f-]{36}$/)],
    ["begin_checkout", conversionEventId("checkout_started", orderId)],
    ["purchase", eventId],
  ]);
  // No third party but the two pixels' scripts.
  expect(thirdParty.filter((url) => !/^https:\/\/(connect\.facebook\.net|analytics\.tiktok\.com)\//.test(url))).toEqual([]);
});

test("after Decline: no conversion event in the dataLayer and no request to any third party, from landing to payment", async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  const thirdParty = await visitorWhoChose(context, baseURL!, false);
  await walkAndPay(page);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you, your report is unlocked");
  expect((await pushesOfWalk(page)).filter((e) => "event_id" in e)).toEqual([]);
  expect(await page.evaluate(() => [typeof window.fbq, typeof window.ttq])).toEqual(["undefined", "undefined"]);
  expect(thirdParty).toEqual([]);
});
