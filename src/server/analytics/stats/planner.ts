import { ALPHA, boundary, mixingVariance } from "./sequential.ts";
import { normalCdf } from "./statistics.ts";

/** The chance of finding the smallest lift worth finding when it is there. */
const POWER = 0.8;

/** Φ⁻¹(p), by bisection on Φ (to 1e-10: the planner needs two quantiles, not speed). */
export function normalQuantile(p: number): number {
  let low = -10;
  let high = 10;
  while (high - low > 1e-10) {
    const mid = (low + high) / 2;
    if (normalCdf(mid) < p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** One metric's baseline: the control's mean per visitor and the two groups' variances per visitor at the smallest lift worth finding. */
export type Baseline = { mean: number; smallestLift: number; varianceA: number; varianceB: number };

/** A rate's baseline: variances p(1 − p) of the control's rate and of the rate lifted by `smallestLift`. */
export function rateBaseline(rate: number, smallestLift: number): Baseline {
  const lifted = Math.min(1, rate * (1 + smallestLift));
  return { mean: rate, smallestLift, varianceA: rate * (1 - rate), varianceB: lifted * (1 - lifted) };
}

/**
 * Visitors each variant needs for the always-valid test to find the smallest lift worth finding with
 * probability POWER (α = ALPHA): the least n at which the difference expected under that lift, less
 * Φ⁻¹(POWER) of its standard errors, clears the mSPRT's boundary. Looking earlier is allowed and
 * may stop sooner; this is the size to plan for. Also the fixed-sample z-test's size, looked at once.
 */
export function visitorsPerVariant(b: Baseline): { sequential: number; fixed: number } {
  const effect = b.mean * b.smallestLift;
  const spread = b.varianceA + b.varianceB;
  if (!(effect > 0) || !(spread > 0)) return { sequential: NaN, fixed: NaN };
  const zPower = normalQuantile(POWER);
  const mixing = mixingVariance(b.mean * (1 + b.smallestLift / 2), b.smallestLift);
  const found = (n: number) => effect - zPower * Math.sqrt(spread / n) >= boundary(spread / n, mixing);
  let low = 1;
  let high = 2;
  while (!found(high)) [low, high] = [high, high * 2];
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (found(mid)) high = mid;
    else low = mid;
  }
  const fixed = Math.ceil(((normalQuantile(1 - ALPHA / 2) + zPower) ** 2 * spread) / effect ** 2);
  return { sequential: high, fixed };
}

/** Whole days until `needed` more visitors arrive at `perDay`; null without traffic. */
export const daysFor = (needed: number, perDay: number): number | null => (needed <= 0 ? 0 : perDay > 0 ? Math.ceil(needed / perDay) : null);
