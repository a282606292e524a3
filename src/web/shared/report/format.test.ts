import { describe, expect, it } from "vitest";
import { payText } from "./blocks/profession-pay.ts";
import { directionText, firstSentence, isAppPath, levelText, percentText, sourceText, usdText } from "./format.ts";

describe("report wording", () => {
  it("a level read against bands is its own score; a profile's is a share of its range", () => {
    expect(levelText({ band: { id: "severe", label: "Severe" }, score: 17, max: 21, percent: 81 })).toBe("17 of 21");
    expect(levelText({ band: { id: "high", label: "High" }, score: 3.25, max: 5, percent: 56 })).toBe("3.3 of 5");
    expect(levelText({ band: null, score: 15, max: 20, percent: 75 })).toBe("75%");
  });

  it("the first sentence of a summary, past abbreviations", () => {
    expect(firstSentence("Robin, your code is SIA. The pages below explain it.")).toBe("Robin, your code is SIA.");
    expect(firstSentence("Data from the U.S. Department of Labor shows this. More follows.")).toBe("Data from the U.S. Department of Labor shows this.");
    expect(firstSentence("Some jobs, e.g. Nursing, fit. Others do not.")).toBe("Some jobs, e.g. Nursing, fit.");
    expect(firstSentence("Is this you? Read on.")).toBe("Is this you?");
    expect(firstSentence("Only one sentence, no full stop")).toBe("Only one sentence, no full stop");
    expect(firstSentence("  Version 2.5 is out. Next.  ")).toBe("Version 2.5 is out.");
  });

  it("numbers, money, sources and directions", () => {
    expect(percentText(75)).toBe("75%");
    expect(usdText(93600)).toBe("US$93,600");
    expect(sourceText("U.S. Bureau of Labor Statistics, OEWS, May 2024", 2024)).toBe("U.S. Bureau of Labor Statistics, OEWS, May 2024");
    expect(sourceText("U.S. Bureau of Labor Statistics, OEWS", 2024)).toBe("U.S. Bureau of Labor Statistics, OEWS, 2024");
    expect(directionText("better")).toBe("Higher is better");
    expect(directionText("worse")).toBe("Lower is better");
    expect(directionText("neutral")).toBeNull();
  });

  it("app paths go through the router; other sites do not", () => {
    expect(isAppPath("/account/library/1")).toBe(true);
    expect(isAppPath("//evil.example/x")).toBe(false);
    expect(isAppPath("https://www.bls.gov/oes/")).toBe(false);
  });

  it("pay: the median, what 8 in 10 earn as far as published, and the source with its year", () => {
    const pay = { median_annual_usd: 226600, p10_annual_usd: 98560, p90_annual_usd: 239200, source: "BLS OEWS", year: 2024 };
    expect(payText(pay)).toEqual({
      median: "US$226,600 a year",
      range: { label: "8 in 10 earn", value: "US$98,560 to US$239,200" },
      source: "BLS OEWS, 2024",
    });
    expect(payText({ ...pay, p90_annual_usd: null }).range).toEqual({ label: "1 in 10 earns under", value: "US$98,560" });
    expect(payText({ ...pay, p10_annual_usd: null }).range).toEqual({ label: "1 in 10 earns over", value: "US$239,200" });
    expect(payText({ ...pay, p10_annual_usd: null, p90_annual_usd: null }).range).toBeNull();
  });
});
