/**
 * Conversion delivery rules (ADR 056). A row is tried at most `maxAttempts` times; after the n-th
 * failure (a timeout, a network error, a 5xx or a 429) it waits the platform's Retry-After when it
 * gave one, else `min(backoffCapSeconds, backoffBaseSeconds · 2^(n-1))`. A send that takes longer
 * than `sendTimeoutSeconds` is aborted and counts as failed; a claim outlives the timeout.
 */
export type ConversionSenderOptions = {
  /** How often to look for due events; 0: only when kicked or drained. */
  intervalSeconds: number;
  maxAttempts: number;
  backoffBaseSeconds: number;
  backoffCapSeconds: number;
  claimSeconds: number;
  sendTimeoutSeconds: number;
  /** Rows claimed (and sent in parallel) at a time. */
  batch: number;
};

/** 30 s, 1 min, 2 min … capped at 2 h: 10 attempts span about six hours, well inside the platforms' windows (Meta 7 days, GA4 72 h). */
export const CONVERSION_DEFAULTS: ConversionSenderOptions = {
  intervalSeconds: 5,
  maxAttempts: 10,
  backoffBaseSeconds: 30,
  backoffCapSeconds: 7200,
  claimSeconds: 120,
  sendTimeoutSeconds: 15,
  batch: 20,
};
