import { describe, expect, it } from "vitest";
import { normalCdf, studentTwoSided, summarise, twoProportionTest, welchTest } from "./statistics.ts";

describe("the normal and Student t distributions", () => {
  it("match printed tables", () => {
    // Standard normal table: Φ(1.96) = 0.9750, Φ(1) = 0.8413, Φ(0) = 0.5, Φ(−2.58) = 0.0049.
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 4);
    expect(normalCdf(1)).toBeCloseTo(0.8413, 4);
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(-2.58)).toBeCloseTo(0.0049, 4);
    // Student t table, two-sided 5% critical values: 2.228 (10 df), 2.042 (30 df), 12.706 (1 df).
    expect(studentTwoSided(2.228, 10)).toBeCloseTo(0.05, 3);
    expect(studentTwoSided(2.042, 30)).toBeCloseTo(0.05, 3);
    expect(studentTwoSided(12.706, 1)).toBeCloseTo(0.05, 3);
    // Many degrees of freedom: the normal distribution.
    expect(studentTwoSided(1.96, 100_000)).toBeCloseTo(0.05, 3);
  });
});

describe("two-proportion z-test", () => {
  it("worked example: 200 of 1,000 against 250 of 1,000", () => {
    // Pooled rate 450 / 2000 = 0.225; SE = √(0.225 · 0.775 · (1/1000 + 1/1000)) = 0.018675;
    // z = 0.05 / 0.018675 = 2.677; two-sided p = 2 · (1 − Φ(2.677)) = 0.0074 (normal table).
    const r = twoProportionTest({ successes: 200, n: 1000 }, { successes: 250, n: 1000 });
    expect(r.difference).toBeCloseTo(0.05, 10);
    expect(r.statistic).toBeCloseTo(2.677, 3);
    expect(r.p).toBeCloseTo(0.0074, 4);
    expect(r.valid).toBe(true);
  });

  it("is symmetric: B below A gives the same p and a negative difference", () => {
    const r = twoProportionTest({ successes: 250, n: 1000 }, { successes: 200, n: 1000 });
    expect(r.statistic).toBeCloseTo(-2.677, 3);
    expect(r.p).toBeCloseTo(0.0074, 4);
  });

  it("says when the sample is too small to conclude", () => {
    // 3 of 40 against 1 of 40: 2 expected conversions per group under the pooled rate.
    const r = twoProportionTest({ successes: 3, n: 40 }, { successes: 1, n: 40 });
    expect(r.valid).toBe(false);
    expect(r.condition).toMatch(/at least 5 expected/);
    expect(twoProportionTest({ successes: 0, n: 0 }, { successes: 1, n: 10 }).p).toBeNaN();
    // Nobody converted anywhere: nothing to test.
    expect(twoProportionTest({ successes: 0, n: 500 }, { successes: 0, n: 500 }).valid).toBe(false);
  });
});

describe("Welch's t-test", () => {
  it("worked example from R's t.test: t = 1.8325, df = 17.9, p = 0.08356", () => {
    const a = summarise([11, 9, 10, 11, 10, 12, 9, 11, 12, 9]);
    const b = summarise([11, 13, 10, 13, 12, 9, 11, 12, 12, 11]);
    expect(a.mean).toBeCloseTo(10.4, 10);
    expect(b.mean).toBeCloseTo(11.4, 10);
    const r = welchTest(a, b);
    expect(r.difference).toBeCloseTo(1, 10);
    expect(r.statistic).toBeCloseTo(1.8325, 4);
    expect(r.p).toBeCloseTo(0.08356, 4);
    // Ten values per group is below what revenue data needs for the test to hold.
    expect(r.valid).toBe(false);
  });

  it("is valid for revenue per visitor from 100 visitors and 10 payers per group", () => {
    const revenue = (payers: number, visitors: number, amount: number) => summarise(Array.from({ length: visitors }, (_, i) => (i < payers ? amount : 0)));
    const r = welchTest(revenue(20, 1000, 19.99), revenue(40, 1000, 19.99), { a: 20, b: 40 });
    expect(r.valid).toBe(true);
    expect(r.difference).toBeCloseTo(0.3998, 4);
    expect(r.p).toBeLessThan(0.02);
    expect(welchTest(revenue(5, 1000, 19.99), revenue(9, 1000, 19.99), { a: 5, b: 9 }).valid).toBe(false);
    // No variation at all: nothing to test.
    expect(welchTest(revenue(0, 200, 1), revenue(0, 200, 1)).p).toBeNaN();
  });
});
