/**
 * Always-valid inference for the difference B − A of two means (a rate is the mean of 0s and 1s),
 * the mixture sequential probability ratio test (mSPRT) of Johari, Pekelis & Walsh, "Always valid
 * inference" (2017; Operations Research 2022), with the normal mixture's confidence sequence of
 * Howard, Ramdas, McAuliffe & Sekhon, "Time-uniform, nonparametric, nonasymptotic confidence
 * sequences" (Annals of Statistics 2021). ADR 064.
 *
 * The estimate d = mean(B) − mean(A) is taken as normal with variance V = var(A)/n(A) + var(B)/n(B).
 * Mixing the likelihood ratio of θ against 0 over θ ~ N(0, τ²) gives
 *   Λ = √(V / (V + τ²)) · exp(τ² d² / (2 V (V + τ²))),
 * a martingale under θ = 0, so by Ville's inequality P(Λ ever reaches 1/α) ≤ α however often it is
 * looked at: p = min(1, 1/Λ) is valid at any look, and {θ : Λ(θ) < 1/α} is a confidence interval
 * valid at every look at once:
 *   d ± √(2 V (V + τ²) / τ² · (ln(1/α) + ½ ln((V + τ²) / V))).
 */

/** The two-sided error the console allows: a false winner in at most 5 % of A/A experiments. */
export const ALPHA = 0.05;

export type AlwaysValid = {
  /** B − A. */
  difference: number;
  /** The always-valid p-value; NaN when it cannot be computed (no variation). */
  p: number;
  /** The always-valid confidence interval of the difference at 1 − α (NaN when p is). */
  low: number;
  high: number;
};

/**
 * The always-valid p-value and interval of a difference `difference` with variance `variance`,
 * under a normal mixture of variance `mixing` (τ²).
 */
export function mixtureSprt(difference: number, variance: number, mixing: number, alpha = ALPHA): AlwaysValid {
  if (!(variance > 0) || !(mixing > 0)) return { difference, p: NaN, low: NaN, high: NaN };
  const total = variance + mixing;
  const logRatio = 0.5 * Math.log(variance / total) + (mixing * difference * difference) / (2 * variance * total);
  const half = Math.sqrt(((2 * variance * total) / mixing) * (Math.log(1 / alpha) + 0.5 * Math.log(total / variance)));
  return { difference, p: Math.min(1, Math.exp(-logRatio)), low: difference - half, high: difference + half };
}

/** Half the width of the always-valid interval at variance `variance`: how far a difference must be from 0 to be declared. */
export function boundary(variance: number, mixing: number, alpha = ALPHA): number {
  const total = variance + mixing;
  return Math.sqrt(((2 * variance * total) / mixing) * (Math.log(1 / alpha) + 0.5 * Math.log(total / variance)));
}

/**
 * The mixing variance τ² (ADR 064): the smallest lift worth finding, as an absolute difference at
 * the mean both groups share (`mean`), squared. The test is then most sensitive around the effect
 * the team said matters; any τ² keeps the error at α.
 */
export const mixingVariance = (mean: number, smallestLift: number) => (smallestLift * mean) ** 2;
