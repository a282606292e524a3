import { describe, expect, it } from "vitest";
import { consentAllows, consentCookieValue, CONSENT_COOKIE, parseConsentCookieValue, readConsentCookie } from "./consent.ts";

describe("the consent cookie", () => {
  const record = { analytics: false, marketing: true, decided_at: "2026-12-02T09:30:00.000Z" };

  it("keeps a choice and its time to the second, and reads it back", () => {
    const value = consentCookieValue(record);
    expect(value).toBe("1.0.1.1796203800");
    expect(parseConsentCookieValue(value)).toEqual(record);
    expect(readConsentCookie(`pw_vid=abc; ${CONSENT_COOKIE}=${value}; other=1`)).toEqual(record);
  });

  it("reads no choice from a missing, foreign or altered value", () => {
    expect(readConsentCookie("pw_vid=abc")).toBeNull();
    expect(readConsentCookie("")).toBeNull();
    expect(readConsentCookie(undefined)).toBeNull();
    for (const value of ["yes", "1.1.1", "2.1.1.1796203800", "1.2.0.1796203800", "1.1.1.abc", "1.1.1.1796203800.9"])
      expect(parseConsentCookieValue(value), value).toBeNull();
  });

  it("allows nothing before a choice, and only what was chosen after", () => {
    expect(consentAllows(null, "marketing")).toBe(false);
    expect(consentAllows(record, "marketing")).toBe(true);
    expect(consentAllows(record, "analytics")).toBe(false);
  });
});
