import { describe, expect, it } from "vitest";
import { ALPHA } from "./sequential.ts";
import { sequentialRates } from "./sequential-tests.ts";
import { twoProportionTest } from "./statistics.ts";

/** mulberry32: a small seeded PRNG, so the simulation gives the same figures on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const EXPERIMENTS = 2000;
const DAYS = 30;
const PER_DAY = 200;
const RATE = 0.05;

/** P(X ≤ k) for X ~ Binomial(PER_DAY, RATE), k = 0 … PER_DAY: a day's conversions are drawn from it with one number. */
const CDF = (() => {
  const cdf: number[] = [];
  let term = (1 - RATE) ** PER_DAY;
  let sum = 0;
  for (let k = 0; k <= PER_DAY; k++) {
    sum += term;
    cdf.push(sum);
    term *= ((PER_DAY - k) / (k + 1)) * (RATE / (1 - RATE));
  }
  return cdf;
})();

/** How many of a day's `PER_DAY` visitors convert at `RATE` (inverse transform: counts only, no visitor arrays). */
const conversions = (random: () => number) => {
  const u = random();
  let k = 0;
  while (k < PER_DAY && CDF[k]! < u) k++;
  return k;
};

describe("A/A experiments looked at every day (ADR 064)", () => {
  it("the always-valid test declares a false winner in at most 5% of them; the fixed-sample z-test, looked at daily, in more", () => {
    const random = prng(20_261_202);
    let sequentialFalse = 0;
    let fixedFalse = 0;
    for (let e = 0; e < EXPERIMENTS; e++) {
      const a = { successes: 0, n: 0 };
      const b = { successes: 0, n: 0 };
      let sequentialSaid = false;
      let fixedSaid = false;
      for (let day = 0; day < DAYS; day++) {
        a.successes += conversions(random);
        b.successes += conversions(random);
        a.n += PER_DAY;
        b.n += PER_DAY;
        // Each morning's look, as the console shows it: a verdict only from a test whose condition holds.
        const s = sequentialRates(a, b, 0.1);
        if (s.valid && s.p <= ALPHA) sequentialSaid = true;
        const f = twoProportionTest(a, b);
        if (f.valid && f.p < ALPHA) fixedSaid = true;
      }
      if (sequentialSaid) sequentialFalse++;
      if (fixedSaid) fixedFalse++;
    }
    const percent = (n: number) => `${((100 * n) / EXPERIMENTS).toFixed(1)}%`;
    console.log(
      `A/A simulation, ${EXPERIMENTS} experiments × ${DAYS} daily looks, ${PER_DAY} visitors/day/arm at ${RATE * 100}%: false winners mSPRT ${percent(sequentialFalse)} (${sequentialFalse}), fixed-sample z-test looked at daily ${percent(fixedFalse)} (${fixedFalse})`,
    );
    expect(sequentialFalse / EXPERIMENTS).toBeLessThanOrEqual(ALPHA);
    expect(fixedFalse).toBeGreaterThan(sequentialFalse);
  });
});
