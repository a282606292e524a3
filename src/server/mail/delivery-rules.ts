/**
 * Delivery rules. A row is tried at most `maxAttempts` times; after the n-th failure it waits
 * `min(backoffCapSeconds, backoffBaseSeconds · 2^(n-1))`. While a sender delivers a row it owns it
 * for `claimSeconds`; a sender that dies leaves the claim to lapse, and another takes the row over.
 * A send that takes longer than `sendTimeoutSeconds` counts as failed, so a hung transport never
 * outlives its claim (a claim must be longer than the timeout).
 */
export type MailSenderOptions = {
  /** How often to look for due mail; 0: only when kicked or drained. */
  intervalSeconds: number;
  maxAttempts: number;
  backoffBaseSeconds: number;
  backoffCapSeconds: number;
  claimSeconds: number;
  sendTimeoutSeconds: number;
  /** Rows claimed (and sent in parallel) at a time. */
  batch: number;
  /** The Reply-To of every e-mail (the support address, src/server/services/support-address.ts), read when a batch is sent; none when it answers null. */
  replyTo?: () => Promise<string | null>;
};

/** 10 s, 20 s, 40 s … capped at an hour: 12 attempts span about three and a half hours. */
export const MAIL_DEFAULTS: MailSenderOptions = {
  intervalSeconds: 2,
  maxAttempts: 12,
  backoffBaseSeconds: 10,
  backoffCapSeconds: 3600,
  claimSeconds: 300,
  sendTimeoutSeconds: 60,
  batch: 10,
};

/** Seconds to wait after the `attempt`-th failed delivery. */
export { backoffSeconds } from "../outbox/claims.ts";
