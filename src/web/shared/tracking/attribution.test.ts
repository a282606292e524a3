import { beforeEach, describe, expect, it } from "vitest";
import { FBCLID_STORAGE_KEY, readAttribution, storeAttribution, TTCLID_STORAGE_KEY, UTM_STORAGE_KEY } from "./attribution.ts";

describe("attribution storage", () => {
  beforeEach(() => localStorage.clear());

  it("stores every UTM key and quiz_title as one JSON object, and fbclid on its own", () => {
    storeAttribution("?utm_source=fb&utm_medium=cpc&utm_campaign=spring&utm_term=career&utm_content=ad1&utm_id=42&quiz_title=Career%20test&fbclid=abc&other=x");
    expect(JSON.parse(localStorage.getItem(UTM_STORAGE_KEY)!)).toEqual({
      utm_source: "fb",
      utm_medium: "cpc",
      utm_campaign: "spring",
      utm_term: "career",
      utm_content: "ad1",
      utm_id: "42",
      quiz_title: "Career test",
    });
    expect(localStorage.getItem(FBCLID_STORAGE_KEY)).toBe("abc");
    expect(readAttribution()).toEqual({
      utm: expect.objectContaining({ utm_source: "fb", quiz_title: "Career test" }),
      fbclid: "abc",
      ttclid: null,
    });
  });

  it("keeps TikTok's ttclid like fbclid, until a new one arrives", () => {
    storeAttribution("?utm_source=tiktok&ttclid=E.C.P.first");
    expect(localStorage.getItem(TTCLID_STORAGE_KEY)).toBe("E.C.P.first");
    storeAttribution("?ttclid=&page=2");
    expect(readAttribution()).toEqual({ utm: { utm_source: "tiktok" }, fbclid: null, ttclid: "E.C.P.first" });
    storeAttribution("?ttclid=second");
    expect(readAttribution().ttclid).toBe("second");
  });

  it("replaces the stored object when a navigation carries any key, and keeps it when none", () => {
    storeAttribution("?utm_source=fb&utm_campaign=spring");
    storeAttribution("?page=2");
    expect(readAttribution().utm).toEqual({ utm_source: "fb", utm_campaign: "spring" });
    storeAttribution("?utm_source=google");
    expect(readAttribution().utm).toEqual({ utm_source: "google" });
  });

  it("keeps fbclid until a new one arrives, and ignores empty values", () => {
    storeAttribution("?fbclid=first");
    storeAttribution("?utm_source=&fbclid=");
    expect(readAttribution()).toEqual({ utm: null, fbclid: "first", ttclid: null });
    storeAttribution("?fbclid=second");
    expect(readAttribution().fbclid).toBe("second");
  });

  it("reads nothing from an empty or damaged store", () => {
    expect(readAttribution()).toEqual({ utm: null, fbclid: null, ttclid: null });
    localStorage.setItem(UTM_STORAGE_KEY, "{not json");
    expect(readAttribution().utm).toBeNull();
    localStorage.setItem(UTM_STORAGE_KEY, "[1,2]");
    expect(readAttribution().utm).toBeNull();
  });

  it("does nothing without storage", () => {
    expect(() => storeAttribution("?utm_source=x", null)).not.toThrow();
    expect(readAttribution(null)).toEqual({ utm: null, fbclid: null, ttclid: null });
  });
});
