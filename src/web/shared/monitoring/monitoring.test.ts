import { waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "#web/test/fetch-mock.ts";
import { monitoringConfig } from "./config.ts";

const initSentry = vi.fn();
const setSentryUser = vi.fn();
const closeSentry = vi.fn(() => Promise.resolve(true));
const loadTagManager = vi.fn();
vi.mock("./sentry.ts", () => ({ initSentry, setSentryUser, closeSentry }));
vi.mock("./tag-manager.ts", () => ({ loadTagManager }));

const { setMonitoringUser, startMonitoring } = await import("./monitoring.ts");
const { applyConsent } = await import("../consent/consent-state.ts");

describe("monitoring", () => {
  it("reads the build variables; release is v + package version", () => {
    const config = monitoringConfig({ VITE_SENTRY_DSN: " https://k@o1.ingest.sentry.io/1 ", VITE_GTM_ID: "", MODE: "production" } as unknown as ImportMetaEnv);
    expect(config).toEqual({
      sentryDsn: "https://k@o1.ingest.sentry.io/1",
      gtmId: null,
      release: expect.stringMatching(/^v\d+\.\d+\.\d+/),
      environment: "production",
    });
  });

  it("loads nothing without configuration", () => {
    startMonitoring({ sentryDsn: null, gtmId: null, release: "v1.0.0", environment: "test" });
    expect(loadTagManager).not.toHaveBeenCalled();
    expect(initSentry).not.toHaveBeenCalled();
  });

  it("with the visitor's choice declined (src/web/test/setup.ts), loads neither; Consent Mode's defaults go first, denied, as gtag() pushes them", async () => {
    window.dataLayer = [];
    vi.useFakeTimers();
    startMonitoring({ sentryDsn: "https://k@o1.ingest.sentry.io/1", gtmId: "GTM-TEST1", release: "v1.2.3", environment: "test" });
    // Whatever was to run after first paint has run.
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    expect(loadTagManager).not.toHaveBeenCalled();
    expect(initSentry).not.toHaveBeenCalled();
    const [defaults, update] = window.dataLayer.map((entry) => ({
      isArguments: Object.prototype.toString.call(entry) === "[object Arguments]",
      args: Array.from(entry as ArrayLike<unknown>),
    }));
    const denied = { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "denied" };
    expect(defaults).toEqual({ isArguments: true, args: ["consent", "default", { ...denied, wait_for_update: 500 }] });
    expect(update).toEqual({ isArguments: true, args: ["consent", "update", denied] });
  });

  it("starts Sentry and the tag manager once the visitor allows them, then applies the user; a failing setUser is only logged", async () => {
    const calls = mockFetch({});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    setMonitoringUser({ id: "c1" });
    const config = { sentryDsn: "https://k@o1.ingest.sentry.io/1", gtmId: "GTM-TEST1", release: "v1.2.3", environment: "test" };
    window.dataLayer = [];
    startMonitoring(config);
    expect(loadTagManager).not.toHaveBeenCalled();
    applyConsent({ analytics: true, marketing: true, decided_at: "2026-12-02T01:30:00.000Z" });
    expect(Array.from(window.dataLayer.at(-1) as ArrayLike<unknown>)).toEqual([
      "consent",
      "update",
      { ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted", analytics_storage: "granted" },
    ]);
    await waitFor(() => expect(initSentry).toHaveBeenCalledWith(config));
    expect(setSentryUser).toHaveBeenCalledWith({ id: "c1" });
    expect(loadTagManager).toHaveBeenCalledWith("GTM-TEST1");

    setSentryUser.mockImplementationOnce(() => {
      throw new Error("scope closed");
    });
    expect(() => setMonitoringUser(null)).not.toThrow();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/error-reporting user/), expect.any(Error));
    await waitFor(() => expect(calls.find((c) => c.path === "/log")?.body).toMatchObject({ level: "warn" }));
    warn.mockRestore();
  });
});
