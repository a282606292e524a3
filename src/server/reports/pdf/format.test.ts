import { describe, expect, it } from "vitest";
import { absoluteUrl } from "./absolute-url.ts";
import { payText } from "./pay-text.ts";

describe("absoluteUrl", () => {
  it("resolves account paths against the app's origin and keeps web addresses", () => {
    expect(absoluteUrl("/account/plans/career-clarity-7-days", "https://app.example")).toBe("https://app.example/account/plans/career-clarity-7-days");
    expect(absoluteUrl("/account/professions/actor?result=r1", "http://localhost:3000")).toBe("http://localhost:3000/account/professions/actor?result=r1");
    expect(absoluteUrl("https://www.bls.gov/oes/", "https://app.example")).toBe("https://www.bls.gov/oes/");
  });

  it("refuses addresses a viewer should not open", () => {
    expect(absoluteUrl("javascript:alert(1)", "https://app.example")).toBeNull();
    expect(absoluteUrl("file:///etc/passwd", "https://app.example")).toBeNull();
    expect(absoluteUrl("/x", "not an origin")).toBeNull();
  });
});

describe("payText", () => {
  const source = "U.S. Bureau of Labor Statistics, Occupational Employment and Wage Statistics, May 2024";
  it("gives the median, the 10th–90th percentile range and the source in U.S. dollars", () => {
    expect(payText({ median_annual_usd: 96690, p10_annual_usd: 60510, p90_annual_usd: 159800, source, year: 2024 })).toEqual({
      figures: "Median US$96,690 a year · 10th–90th percentile US$60,510 – US$159,800",
      source: `Source: ${source}`,
    });
  });

  it("says only what is published and adds the year when the source does not name it", () => {
    expect(payText({ median_annual_usd: 239200, p10_annual_usd: 120000, p90_annual_usd: null, source: "BLS OEWS", year: 2024 })).toEqual({
      figures: "Median US$239,200 a year · 10th percentile US$120,000",
      source: "Source: BLS OEWS, 2024",
    });
    expect(payText({ median_annual_usd: 50000, p10_annual_usd: null, p90_annual_usd: null, source, year: 2024 }).figures).toBe("Median US$50,000 a year");
  });
});
