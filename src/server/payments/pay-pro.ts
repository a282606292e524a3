import { createHash } from "node:crypto";
import { toMinor } from "./money.ts";
import { PAYPRO_TEST_HASH, payproHash, payproSignature } from "./paypro-signature.ts";
import type { NormalizedEvent, NormalizedEventType, OperationResult, PaymentProvider, ProviderMode, ProviderSubscription } from "./provider.ts";
import { notConfigured, sandboxResult } from "./sandbox-reference.ts";
import { sameDigest } from "./timing-safe.ts";

/** The checkout custom field that carries our order id; PayPro echoes it in ORDER_CUSTOM_FIELDS. */
export const PAYPRO_ORDER_FIELD = "x-order_id";

export type PayProConfig = {
  mode: ProviderMode;
  /** IPN HASH key. */
  secretKey: string;
  /** IPN SIGNATURE key (Store Settings → Integration). */
  validationKey: string;
  /** Subscription API credentials (live only). */
  vendorAccountId: string;
  apiSecretKey: string;
  /** Our product id → PayPro product id. Missing ids pass through unchanged (sandbox). */
  productIds: Record<string, string>;
  /** https://store.payproglobal.com in live mode. */
  storeHost: string;
  appOrigin: string;
  fetch: typeof fetch;
};

/** IPN_TYPE_ID in our terms (§2.2 of the research notes); the rest is stored as unknown. */
const TYPES: Record<string, NormalizedEventType> = {
  "1": "payment_succeeded", // OrderCharged
  "13": "payment_succeeded", // TrialCharge
  "6": "payment_succeeded", // SubscriptionChargeSucceed
  "4": "payment_declined", // OrderDeclined
  "7": "payment_declined", // SubscriptionChargeFailed
  "2": "refunded", // OrderRefunded
  "3": "refunded", // OrderChargedBack
};

const ORDER_REF = new RegExp(`${PAYPRO_ORDER_FIELD}=([0-9a-fA-F-]{36})`);

export const parseForm = (rawBody: Buffer): Record<string, string> => Object.fromEntries(new URLSearchParams(rawBody.toString("utf8")));

/** One IPN (form-urlencoded, one per product) as one event. */
export function parsePayProIpn(rawBody: Buffer, productIds: Record<string, string>): NormalizedEvent[] {
  const f = parseForm(rawBody);
  const ours = new Map(Object.entries(productIds).map(([our, their]) => [their, our]));
  const orderId = f.ORDER_ID || null;
  const typeId = f.IPN_TYPE_ID ?? "";
  const productId = f.PRODUCT_ID ? (ours.get(f.PRODUCT_ID) ?? f.PRODUCT_ID) : null;
  const customFields = `${f.ORDER_CUSTOM_FIELDS ?? ""},${PAYPRO_ORDER_FIELD}=${f[PAYPRO_ORDER_FIELD] ?? ""}`;
  const key = orderId ? `${orderId}:${typeId}:${f.PRODUCT_ID ?? ""}` : `body:${createHash("sha256").update(rawBody).digest("hex")}`;
  return [
    {
      key: key.slice(0, 300),
      type: orderId ? (TYPES[typeId] ?? "unknown") : "unknown",
      providerType: f.IPN_TYPE_NAME || `IPN_TYPE_ID ${typeId || "?"}`,
      providerOrderId: orderId,
      orderRef: ORDER_REF.exec(customFields)?.[1]?.toLowerCase() ?? null,
      amount: toMinor(f.ORDER_TOTAL_AMOUNT),
      currency: (f.ORDER_CURRENCY_CODE ?? f.ORDER_CURRENCY)?.toUpperCase() || null,
      productId,
      billToken: null,
      providerSubscriptionId: f.SUBSCRIPTION_ID || null,
      test: f.TEST_MODE === "1",
      occurredAt: null,
      raw: f,
    },
  ];
}

/**
 * PayPro Global: checkout link with our order id in an x- field, IPNs verified by HASH and SIGNATURE
 * (both, constant time), subscription changes through the Subscriptions API.
 */
export function createPayPro(config: PayProConfig): PaymentProvider {
  async function api(operation: string, subscription: ProviderSubscription, body: Record<string, unknown>, key: string): Promise<OperationResult> {
    if (config.mode !== "live") return config.mode === "sandbox" ? sandboxResult("pay_pro", operation, key) : notConfigured;
    if (!subscription.providerSubscriptionId) return { ok: false, reason: "no PayPro subscription id stored", retryable: false };
    try {
      const res = await config.fetch(`${config.storeHost}/api/Subscriptions/${operation}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          vendorAccountId: Number(config.vendorAccountId) || config.vendorAccountId,
          apiSecretKey: config.apiSecretKey,
          subscriptionId: Number(subscription.providerSubscriptionId) || subscription.providerSubscriptionId,
          ...body,
        }),
        signal: AbortSignal.timeout(20_000),
      });
      const answer = (await res.json().catch(() => ({}))) as { isSuccess?: boolean; errors?: unknown };
      if (res.ok && answer.isSuccess !== false) return { ok: true, reference: `${operation}:${subscription.providerSubscriptionId}:${key}`.slice(0, 200) };
      return { ok: false, reason: `PayPro ${operation} answered ${res.status}`, retryable: res.status >= 500 };
    } catch (err) {
      return { ok: false, reason: `PayPro ${operation} failed: ${(err as Error).message}`, retryable: true };
    }
  }

  return {
    code: "pay_pro",
    mode: config.mode,

    async startCheckout(order, customer) {
      const query = new URLSearchParams({
        "products[1][id]": config.productIds[order.productId] ?? order.productId,
        currency: order.currency,
        "billing-email": customer.email,
        [PAYPRO_ORDER_FIELD]: order.id,
      });
      if (config.mode === "sandbox") query.set("use-test-mode", "true");
      const base = config.mode === "sandbox" ? `${config.appOrigin}/sandbox/pay_pro/checkout` : `${config.storeHost}/checkout`;
      return { url: `${base}?${query.toString()}` };
    },

    verifyNotification(rawBody) {
      if (config.mode === "unconfigured") return { ok: false, reason: "pay_pro is not configured" };
      const f = parseForm(rawBody);
      if (!f.ORDER_ID || !f.HASH || !f.SIGNATURE) return { ok: false, reason: "ORDER_ID, HASH or SIGNATURE missing" };
      const hash = f.TEST_MODE === "1" ? PAYPRO_TEST_HASH : payproHash(f.ORDER_ID, config.secretKey);
      const signature = payproSignature(
        {
          ORDER_ID: f.ORDER_ID,
          ORDER_STATUS: f.ORDER_STATUS ?? "",
          ORDER_TOTAL_AMOUNT: f.ORDER_TOTAL_AMOUNT ?? "",
          CUSTOMER_EMAIL: f.CUSTOMER_EMAIL ?? "",
          TEST_MODE: f.TEST_MODE ?? "",
          IPN_TYPE_NAME: f.IPN_TYPE_NAME ?? "",
        },
        config.validationKey,
      );
      // Evaluate both, so the time taken does not say which one failed.
      const hashOk = sameDigest(hash, f.HASH);
      const signatureOk = sameDigest(signature, f.SIGNATURE);
      return hashOk && signatureOk ? { ok: true } : { ok: false, reason: hashOk ? "SIGNATURE does not match" : "HASH does not match" };
    },

    parseNotification: (rawBody) => parsePayProIpn(rawBody, config.productIds),

    // PayPro renews on its own schedule; a merchant-initiated charge has no documented API. [UNVERIFIED]
    async charge(_subscription, _charge, key) {
      if (config.mode === "sandbox") return sandboxResult("pay_pro", "charge", key);
      return config.mode === "unconfigured" ? notConfigured : { ok: false, reason: "PayPro has no merchant-initiated charge API", retryable: false };
    },
    pause: (subscription, until, key) =>
      api("ChangeNextPaymentDate", subscription, { newNextPaymentDate: until.toISOString(), shiftPaymentSchedule: true }, key),
    applyDiscount: (subscription, discount, key) =>
      api("ApplyDiscount", subscription, { discountValue: discount.percent, isPercentage: true, applyDiscountForXFuturePayments: discount.cycles }, key),
    cancel: (subscription, reason, key) =>
      api("Suspend", subscription, { cancellationReasonId: 7, reasonText: (reason ?? "Cancelled by the customer").slice(0, 500), sendCustomerNotification: false }, key),
  };
}
