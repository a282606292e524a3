import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { catalogEntries } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { createMaxPay } from "./providers/max-pay.ts";
import { createPayPro } from "./providers/pay-pro.ts";
import { PROVIDER_CODES, type PaymentProvider, type ProviderCode, type ProviderMode } from "./provider.ts";
import { SANDBOX_KEYS } from "./sandbox/sandbox-keys.ts";

/** The catalogue entry that names the payment system for new checkouts. */
const PAY_SYSTEM_CODE = "pay_system";

/** `<p>max_pay</p>` → max_pay; anything unknown (or missing) logs 'Unknown pay system' and falls back to max_pay. */
function payProviderCode(catalogueText: string | null | undefined, log?: Pick<FastifyBaseLogger, "warn">): ProviderCode {
  const value = (catalogueText ?? "")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .trim()
    .toLowerCase();
  if ((PROVIDER_CODES as readonly string[]).includes(value)) return value as ProviderCode;
  log?.warn({ pay_system: value.slice(0, 60) }, "Unknown pay system");
  return "max_pay";
}

/** `plan_a=12345,plan_b=12346` → { plan_a: "12345", plan_b: "12346" } */
const parseProductIds = (text: string | undefined): Record<string, string> =>
  Object.fromEntries(
    (text ?? "")
      .split(",")
      .map((pair) => pair.split("=").map((s) => s.trim()))
      .filter((p): p is [string, string] => p.length === 2 && p[0] !== "" && p[1] !== ""),
  );

/** Builds both providers from the environment: live with credentials, sandbox without (outside production). */
export function createPaymentProviders(env: Env, db: Db, fetchImpl: typeof fetch) {
  const production = env.NODE_ENV === "production";
  const modeFor = (configured: boolean): ProviderMode => (configured ? "live" : production ? "unconfigured" : "sandbox");
  const maxPayConfigured = Boolean(env.MAXPAY_PUBLIC_KEY && env.MAXPAY_PRIVATE_KEY);
  const payProConfigured = Boolean(env.PAYPRO_SECRET_KEY && env.PAYPRO_VALIDATION_KEY);

  const providers: Record<ProviderCode, PaymentProvider> = {
    max_pay: createMaxPay({
      mode: modeFor(maxPayConfigured),
      publicKey: env.MAXPAY_PUBLIC_KEY ?? SANDBOX_KEYS.max_pay.publicKey,
      privateKey: env.MAXPAY_PRIVATE_KEY ?? SANDBOX_KEYS.max_pay.privateKey,
      hppHost: env.MAXPAY_HPP_HOST,
      appOrigin: env.APP_ORIGIN,
      fetch: fetchImpl,
    }),
    pay_pro: createPayPro({
      mode: modeFor(payProConfigured),
      secretKey: env.PAYPRO_SECRET_KEY ?? SANDBOX_KEYS.pay_pro.secretKey,
      validationKey: env.PAYPRO_VALIDATION_KEY ?? SANDBOX_KEYS.pay_pro.validationKey,
      vendorAccountId: env.PAYPRO_VENDOR_ACCOUNT_ID ?? "",
      apiSecretKey: env.PAYPRO_API_SECRET_KEY ?? "",
      productIds: parseProductIds(env.PAYPRO_PRODUCT_IDS),
      storeHost: env.PAYPRO_STORE_HOST,
      appOrigin: env.APP_ORIGIN,
      fetch: fetchImpl,
    }),
  };

  return {
    get: (code: ProviderCode): PaymentProvider => providers[code],
    all: (): PaymentProvider[] => PROVIDER_CODES.map((c) => providers[c]),
    /** True when a provider runs its local sandbox (never in production). */
    isSandbox: (code: ProviderCode) => providers[code].mode === "sandbox",
    /** The provider for a new checkout, as the catalogue's `pay_system` says. */
    async forCheckout(log?: Pick<FastifyBaseLogger, "warn">): Promise<PaymentProvider> {
      const [row] = await db.select({ text: catalogEntries.text }).from(catalogEntries).where(eq(catalogEntries.code, PAY_SYSTEM_CODE));
      return providers[payProviderCode(row?.text, log)];
    },
  };
}

export type PaymentProviders = ReturnType<typeof createPaymentProviders>;
