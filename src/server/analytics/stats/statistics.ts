/**
 * The significance tests of the funnel report (docs/decisions/033-funnel-report.md): a pooled
 * two-proportion z-test for conversion rates, and Welch's t-test for revenue per visitor. Each
 * answers its p-value (two-sided) and whether its sample is large enough for the test to hold.
 */

/** Φ(x), the standard normal CDF. */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

/** The complementary error function, by the Chebyshev-fitted approximation of Press et al., Numerical Recipes (fractional error below 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** ln Γ(x) for x > 0 (Lanczos approximation, g = 7, n = 9). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i++) sum += c[i]! / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The continued fraction of the regularized incomplete beta function (modified Lentz). */
function betaFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-12) break;
  }
  return h;
}

/** I_x(a, b), the regularized incomplete beta function. */
function incompleteBeta(a: number, b: number, x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(a, b, x)) / a : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** P(|T| ≥ |t|) for Student's t with `df` degrees of freedom (df may be fractional, as in Welch's test). */
export function studentTwoSided(t: number, df: number): number {
  return incompleteBeta(df / 2, 0.5, df / (df + t * t));
}

export type TestResult = {
  /** The test's name as the report prints it. */
  test: string;
  /** B minus A: a difference in rates, or in revenue per visitor. */
  difference: number;
  statistic: number;
  /** Two-sided. NaN when the test cannot be computed (no variation, an empty group). */
  p: number;
  /** Whether the samples meet the test's condition (see `condition`); a result that does not is not a conclusion. */
  valid: boolean;
  condition: string;
};

/**
 * Pooled two-proportion z-test of `successes / n` in A against B. Holds when every group has at
 * least 5 expected successes and 5 expected failures under the pooled rate.
 */
export function twoProportionTest(a: { successes: number; n: number }, b: { successes: number; n: number }): TestResult {
  const condition = "at least 5 expected conversions and 5 expected non-conversions in each group";
  const test = "two-proportion z-test (pooled)";
  if (a.n === 0 || b.n === 0) return { test, difference: NaN, statistic: NaN, p: NaN, valid: false, condition };
  const pa = a.successes / a.n;
  const pb = b.successes / b.n;
  const pooled = (a.successes + b.successes) / (a.n + b.n);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n));
  const valid = [a.n, b.n].every((n) => n * pooled >= 5 && n * (1 - pooled) >= 5);
  if (se === 0) return { test, difference: pb - pa, statistic: NaN, p: NaN, valid: false, condition };
  const z = (pb - pa) / se;
  return { test, difference: pb - pa, statistic: z, p: 2 * (1 - normalCdf(Math.abs(z))), valid, condition };
}

/** A sample summarised: its size, mean and (n − 1) variance. */
export type Summary = { n: number; mean: number; variance: number };

/** Size, mean and sample variance of `values` in one pass (Welford). */
export function summarise(values: Iterable<number>): Summary {
  let n = 0;
  let mean = 0;
  let m2 = 0;
  for (const v of values) {
    n++;
    const delta = v - mean;
    mean += delta / n;
    m2 += delta * (v - mean);
  }
  return { n, mean, variance: n > 1 ? m2 / (n - 1) : 0 };
}

/**
 * Welch's unequal-variances t-test of the means of A and B (Welch–Satterthwaite degrees of
 * freedom). Revenue per visitor is mostly zeros with a few payments, far from normal, so the test
 * leans on the central limit theorem: it is taken to hold from 100 visitors and 10 paying visitors
 * per group.
 */
export function welchTest(a: Summary, b: Summary, payers?: { a: number; b: number }): TestResult {
  const condition = "at least 100 visitors and 10 payers in each group";
  const test = "Welch's t-test";
  const valid = a.n >= 100 && b.n >= 100 && (!payers || (payers.a >= 10 && payers.b >= 10));
  if (a.n < 2 || b.n < 2) return { test, difference: b.mean - a.mean, statistic: NaN, p: NaN, valid: false, condition };
  const va = a.variance / a.n;
  const vb = b.variance / b.n;
  const se = Math.sqrt(va + vb);
  if (se === 0) return { test, difference: b.mean - a.mean, statistic: NaN, p: NaN, valid: false, condition };
  const t = (b.mean - a.mean) / se;
  const df = (va + vb) ** 2 / (va ** 2 / (a.n - 1) + vb ** 2 / (b.n - 1));
  return { test, difference: b.mean - a.mean, statistic: t, p: studentTwoSided(t, df), valid, condition };
}
