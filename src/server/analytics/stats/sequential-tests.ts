import { mixingVariance, mixtureSprt, type AlwaysValid } from "./sequential.ts";
import type { Summary } from "./statistics.ts";

/** A sequential comparison of B against A as the report states it. */
export type SequentialResult = AlwaysValid & {
  test: string;
  /** B / A − 1, and its interval: the difference's interval over A's mean. NaN when A's mean is 0. */
  lift: number;
  liftLow: number;
  liftHigh: number;
  /** Whether the samples meet the normal approximation's condition; a result that does not is not a conclusion. */
  valid: boolean;
  condition: string;
};

const TEST = "mSPRT (always valid)";

function withLift(result: AlwaysValid, controlMean: number, valid: boolean, condition: string): SequentialResult {
  const over = (x: number) => (controlMean > 0 ? x / controlMean : NaN);
  return { ...result, test: TEST, lift: over(result.difference), liftLow: over(result.low), liftHigh: over(result.high), valid, condition };
}

/**
 * Rates `successes / n` of A and B, tested always-valid. Holds, as the fixed-sample z-test does,
 * when each group has at least 5 expected successes and 5 expected failures under the pooled rate.
 */
export function sequentialRates(a: { successes: number; n: number }, b: { successes: number; n: number }, smallestLift: number): SequentialResult {
  const condition = "at least 5 expected conversions and 5 expected non-conversions in each group";
  if (a.n === 0 || b.n === 0) return withLift({ difference: NaN, p: NaN, low: NaN, high: NaN }, 0, false, condition);
  const pa = a.successes / a.n;
  const pb = b.successes / b.n;
  const pooled = (a.successes + b.successes) / (a.n + b.n);
  const variance = (pa * (1 - pa)) / a.n + (pb * (1 - pb)) / b.n;
  const valid = [a.n, b.n].every((n) => n * pooled >= 5 && n * (1 - pooled) >= 5);
  return withLift(mixtureSprt(pb - pa, variance, mixingVariance(pooled, smallestLift)), pa, valid, condition);
}

/**
 * Means of A and B (revenue per visitor), tested always-valid on the normal approximation of the
 * difference; taken to hold, as Welch's test is, from 100 visitors and 10 payers per group.
 */
export function sequentialMeans(a: Summary, b: Summary, payers: { a: number; b: number }, smallestLift: number): SequentialResult {
  const condition = "at least 100 visitors and 10 payers in each group";
  const valid = a.n >= 100 && b.n >= 100 && payers.a >= 10 && payers.b >= 10;
  if (a.n < 2 || b.n < 2) return withLift({ difference: b.mean - a.mean, p: NaN, low: NaN, high: NaN }, a.mean, false, condition);
  const pooled = (a.mean * a.n + b.mean * b.n) / (a.n + b.n);
  const variance = a.variance / a.n + b.variance / b.n;
  return withLift(mixtureSprt(b.mean - a.mean, variance, mixingVariance(pooled, smallestLift)), a.mean, valid, condition);
}
