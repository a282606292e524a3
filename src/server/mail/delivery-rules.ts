import type { OutboxSenderOptions } from "../outbox/claims.ts";

/** Mail delivery rules, as every outbox has them (OutboxSenderOptions), and the Reply-To. */
export type MailSenderOptions = OutboxSenderOptions & {
  /** The Reply-To of every e-mail (the support address, src/server/platform/support-address.ts), read when a batch is sent; none when it answers null. */
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
