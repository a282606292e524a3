import type { OutboxSenderOptions } from "../outbox/claims.ts";

/**
 * Conversion delivery rules (ADR 056), as every outbox has them (OutboxSenderOptions); a platform's
 * Retry-After, when it gives one, replaces the back-off of that attempt.
 */
export type ConversionSenderOptions = OutboxSenderOptions;

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
