import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { consentCookieValue, type ConsentRecord } from "#schemas/consent/consent.ts";
import { resetConsent } from "#web/test/consent.ts";

// The pixels load "after first paint": here at once, so the test waits only for the import.
vi.mock("../monitoring/monitoring.ts", () => ({ afterFirstPaint: (task: () => void) => task() }));

const IDS = { meta: "1234567890123456", tiktok: "C4ABCDEF1234567890AB" };

/** The visitor chooses as the banner does, in the page's fresh modules (freshPage): the cookie, the page's state and its change event. */
async function choose(marketing: boolean): Promise<void> {
  const record: ConsentRecord = { analytics: false, marketing, decided_at: "2026-12-01T10:00:00.000Z" };
  document.cookie = `pw_consent=${consentCookieValue(record)}; path=/`;
  (await import("../consent/consent-state.ts")).applyConsent(record);
}

const scripts = () => [...document.querySelectorAll("script")].map((s) => s.src).filter((src) => !src.startsWith(location.origin));

/** A fresh page: the pixel module's state and the pixels' globals start empty. */
async function freshPage() {
  vi.resetModules();
  document.head.innerHTML = "";
  delete window.fbq;
  delete window._fbq;
  delete window.ttq;
  window.dataLayer = [];
  return { ...(await import("./pixels.ts")), ...(await import("./conversions.ts")) };
}

afterEach(() => {
  resetConsent();
});

describe("the Meta and TikTok pixels", () => {
  it("load nothing before a choice or after Decline, and nothing when none is configured", async () => {
    const page = await freshPage();
    page.startPixels(IDS);
    page.sendConversion("lead", "s1");
    await choose(false);
    page.sendConversion("lead", "s1");
    expect(scripts()).toEqual([]);
    expect(window.fbq).toBeUndefined();

    const unconfigured = await freshPage();
    unconfigured.startPixels(undefined);
    await choose(true);
    unconfigured.sendConversion("purchase", "o1");
    expect(scripts()).toEqual([]);
  });

  it("load once marketing is allowed, and each event goes to each with its platform's name and the dataLayer's event id", async () => {
    const page = await freshPage();
    page.startPixels(IDS);
    await choose(true);
    await waitFor(() => expect(window.ttq).toBeDefined());
    expect(scripts()).toEqual([
      "https://connect.facebook.net/en_US/fbevents.js",
      `https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=${IDS.tiktok}&lib=ttq`,
    ]);
    page.sendConversion("quiz_started", "s1");
    page.sendPaidOrder({ id: "o7", conversion: { amount: 199, currency: "USD", trial: true } });
    // quiz_start has no name at Meta or TikTok: the dataLayer only.
    expect(window.fbq!.queue).toEqual([
      ["init", IDS.meta],
      ["track", "PageView"],
      ["track", "StartTrial", { value: 1.99, currency: "USD" }, { eventID: "order_o7" }],
    ]);
    expect([...window.ttq!]).toEqual([["page"], ["track", "CompletePayment", { value: 1.99, currency: "USD" }, { event_id: "order_o7" }]]);
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: "purchase", event_id: "order_o7" }));
  });

  it("an event sent with consent before the scripts came reaches them when they do", async () => {
    await choose(true);
    const page = await freshPage();
    page.startPixels({ meta: IDS.meta });
    page.sendConversion("lead", "s3");
    await waitFor(() => expect(window.fbq?.queue).toContainEqual(["track", "Lead", {}, { eventID: "lead_s3" }]));
    expect(window.ttq).toBeUndefined();
  });
});
