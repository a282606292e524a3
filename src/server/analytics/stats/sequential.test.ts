import { describe, expect, it } from "vitest";
import { normalQuantile, rateBaseline, visitorsPerVariant } from "./planner.ts";
import { mixtureSprt } from "./sequential.ts";
import { sequentialMeans, sequentialRates } from "./sequential-tests.ts";

describe("the mixture SPRT (ADR 064)", () => {
  it("worked example: 200 of 1,000 against 250 of 1,000, smallest lift 10%", () => {
    // By hand: d = 0.05; V = 0.2·0.8/1000 + 0.25·0.75/1000 = 0.0003475; pooled 0.225, τ² = (0.1·0.225)² = 0.00050625;
    // ln Λ = ½ ln(0.0003475 / 0.00085375) + 0.00050625·0.0025 / (2·0.0003475·0.00085375) = −0.44944 + 2.13299 = 1.68355;
    // p = 1/Λ = e^−1.68355 = 0.18571. Half-width √(2·0.0003475·0.00085375/0.00050625 · (ln 20 + ½ ln(0.00085375/0.0003475)))
    // = √(0.00117206 · (2.99573 + 0.44944)) = √0.00403789 = 0.063545.
    const r = sequentialRates({ successes: 200, n: 1000 }, { successes: 250, n: 1000 }, 0.1);
    expect(r.difference).toBeCloseTo(0.05, 10);
    expect(r.p).toBeCloseTo(0.18571, 4);
    expect(r.low).toBeCloseTo(0.05 - 0.063545, 5);
    expect(r.high).toBeCloseTo(0.05 + 0.063545, 5);
    expect(r.valid).toBe(true);
    // The lift B/A − 1 = 0.25, its interval the difference's over A's rate.
    expect(r.lift).toBeCloseTo(0.25, 10);
    expect(r.liftLow).toBeCloseTo((0.05 - 0.063545) / 0.2, 4);
    expect(r.liftHigh).toBeCloseTo((0.05 + 0.063545) / 0.2, 4);
    // The fixed-sample z-test calls the same data significant (p = 0.0074, statistics.test.ts): the price of looking any time.
  });

  it("is stricter than the fixed-sample test, and decides once the evidence is strong", () => {
    const strong = sequentialRates({ successes: 2000, n: 10_000 }, { successes: 2300, n: 10_000 }, 0.1);
    expect(strong.p).toBeLessThan(0.001);
    expect(strong.low).toBeGreaterThan(0);
    // The p-value and the interval agree: p ≤ 5% exactly when the interval leaves 0 out.
    for (const d of [0.01, 0.02, 0.03, 0.04, 0.05]) {
      const r = mixtureSprt(d, 0.0002, 0.0004);
      expect(r.p <= 0.05).toBe(r.low > 0);
    }
  });

  it("says when the sample is too small, or when there is nothing to test", () => {
    expect(sequentialRates({ successes: 1, n: 40 }, { successes: 3, n: 40 }, 0.1).valid).toBe(false);
    expect(sequentialRates({ successes: 0, n: 0 }, { successes: 3, n: 40 }, 0.1).valid).toBe(false);
    expect(Number.isNaN(sequentialRates({ successes: 0, n: 500 }, { successes: 0, n: 500 }, 0.1).p)).toBe(true);
    const few = sequentialMeans({ n: 50, mean: 1, variance: 4 }, { n: 50, mean: 2, variance: 4 }, { a: 5, b: 9 }, 0.1);
    expect(few.valid).toBe(false);
    expect(few.lift).toBeCloseTo(1, 10);
  });
});

describe("the sample-size planner", () => {
  it("gives the textbook fixed-sample size, and the larger size the always-valid test needs", () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.8)).toBeCloseTo(0.841621, 5);
    // 5% baseline, 10% lift: (1.959964 + 0.841621)² · (0.05·0.95 + 0.055·0.945) / 0.005² = 31,230.6 → 31,231.
    const plan = visitorsPerVariant(rateBaseline(0.05, 0.1));
    expect(plan.fixed).toBe(31_231);
    expect(plan.sequential).toBeGreaterThan(plan.fixed);
  });

  it("at the planned size, the always-valid test finds the smallest lift in about 80% of simulated experiments", () => {
    const { sequential: n } = visitorsPerVariant(rateBaseline(0.2, 0.1));
    // Seeded normal draws of each group's conversions (n is large: the binomial is normal here).
    let seed = 7;
    const uniform = () => ((seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) + 0.5) / 4_294_967_296;
    const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    const draw = (p: number) => Math.round(n * p + Math.sqrt(n * p * (1 - p)) * normal());
    let found = 0;
    for (let i = 0; i < 2000; i++) {
      const r = sequentialRates({ successes: draw(0.2), n }, { successes: draw(0.22), n }, 0.1);
      if (r.p <= 0.05 && r.difference > 0) found++;
    }
    expect(found / 2000).toBeGreaterThan(0.76);
    expect(found / 2000).toBeLessThan(0.84);
  });
});
