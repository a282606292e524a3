/**
 * The payment systems we sell through; `max_pay` is the default. The one record of them: the
 * database's provider columns (src/server/db/schema/) and the provider interface (provider.ts)
 * both read it, so this file imports nothing.
 */
export const PROVIDER_CODES = ["max_pay", "pay_pro"] as const;
export type ProviderCode = (typeof PROVIDER_CODES)[number];
