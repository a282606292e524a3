import { waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "#web/test/fetch-mock.ts";
import { monitoringConfig } from "./config.ts";

const initSentry = vi.fn();
const setSentryUser = vi.fn();
const loadTagManager = vi.fn();
vi.mock("./sentry.ts", () => ({ initSentry, setSentryUser }));
vi.mock("./tag-manager.ts", () => ({ loadTagManager }));

const { setMonitoringUser, startMonitoring } = await import("./monitoring.ts");

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

  it("starts Sentry and the tag manager when idle, then applies the user; a failing setUser is only logged", async () => {
    const calls = mockFetch({});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    setMonitoringUser({ id: "c1" });
    const config = { sentryDsn: "https://k@o1.ingest.sentry.io/1", gtmId: "GTM-TEST1", release: "v1.2.3", environment: "test" };
    startMonitoring(config);
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
