import { createHash } from "node:crypto";
import { toMinor } from "../money.ts";
import { PAYPRO_TEST_HASH, payproHash, payproSignature } from "./paypro-signature.ts";
import type { NormalizedEvent, NormalizedEventType, OperationResult, PaymentProvider, ProviderMode, ProviderSubscription } from "../provider.ts";
import { notConfigured, sandboxResult } from "../sandbox/sandbox-reference.ts";
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

/** IPN_TYPE_ID → IPN_TYPE_NAME (PayPro Global's webhook (IPN) documentation, developers.payproglobal.com). */
const TYPE_NAMES = new Map<string, string>([
  ["1", "OrderCharged"],
  ["2", "OrderRefunded"],
  ["3", "OrderChargedBack"],
  ["4", "OrderDeclined"],
  ["5", "OrderPartiallyRefunded"],
  ["6", "SubscriptionChargeSucceed"],
  ["7", "SubscriptionChargeFailed"],
  ["8", "SubscriptionSuspended"],
  ["9", "SubscriptionRenewed"],
  ["10", "SubscriptionTerminated"],
  ["11", "SubscriptionFinished"],
  ["12", "LicenseRequested"],
  ["13", "TrialCharge"],
  ["14", "OrderChargebackIsWon"],
  ["15", "OrderCustomerInformationChanged"],
  ["16", "InstantLeadNotification"],
  ["17", "OrderOnWaiting"],
  ["21", "SubscriptionPaymentInfoChanged"],
]);

/** IPN_TYPE_NAME in our terms: the name is signed, the id is not. The rest is stored as unknown. */
const TYPES = new Map<string, NormalizedEventType>([
  ["OrderCharged", "payment_succeeded"],
  ["TrialCharge", "payment_succeeded"],
  ["SubscriptionChargeSucceed", "payment_succeeded"],
  ["OrderDeclined", "payment_declined"],
  ["SubscriptionChargeFailed", "payment_declined"],
  ["OrderRefunded", "refunded"],
  ["OrderChargedBack", "refunded"],
]);

/** The IPN fields that prove it came from PayPro; never stored. */
const SIGNATURE_FIELDS = new Set(["HASH", "SIGNATURE"]);

const ORDER_REFS = new RegExp(`${PAYPRO_ORDER_FIELD}=([0-9a-fA-F-]{36})`, "g");

const parseForm = (rawBody: Buffer): Record<string, string> => Object.fromEntries(new URLSearchParams(rawBody.toString("utf8")));

/**
 * One IPN (form-urlencoded, one per product) as one event. SIGNATURE covers only ORDER_ID,
 * ORDER_STATUS, ORDER_TOTAL_AMOUNT, CUSTOMER_EMAIL, TEST_MODE and IPN_TYPE_NAME, so everything that
 * decides what happens comes from those: the type from IPN_TYPE_NAME (an IPN_TYPE_ID that says
 * otherwise is a conflict), the key from ORDER_ID + IPN_TYPE_NAME (a copy with other unsigned fields
 * is the same notification). Our order id (x-order_id) is unsigned: payment-events only believes it
 * for the customer whose e-mail PayPro signed, and only for the order the ORDER_ID was first bound to.
 */
export function parsePayProIpn(rawBody: Buffer, productIds: Record<string, string>): NormalizedEvent[] {
  const f = parseForm(rawBody);
  const ours = new Map(Object.entries(productIds).map(([our, their]) => [their, our]));
  const orderId = f.ORDER_ID || null;
  const typeName = f.IPN_TYPE_NAME ?? "";
  const typeId = f.IPN_TYPE_ID;
  const productId = f.PRODUCT_ID ? (ours.get(f.PRODUCT_ID) ?? f.PRODUCT_ID) : null;
  const refs = [...`${f.ORDER_CUSTOM_FIELDS ?? ""},${PAYPRO_ORDER_FIELD}=${f[PAYPRO_ORDER_FIELD] ?? ""}`.matchAll(ORDER_REFS)].map((m) => m[1]!.toLowerCase());
  const distinctRefs = [...new Set(refs)];
  const conflicts: string[] = [];
  if (typeId && TYPE_NAMES.get(typeId) !== typeName) conflicts.push(`IPN_TYPE_ID ${typeId} is not the signed IPN_TYPE_NAME ${typeName || "(empty)"}`);
  if (distinctRefs.length > 1) conflicts.push(`${PAYPRO_ORDER_FIELD} names ${distinctRefs.length} different orders`);
  const key = orderId ? `${orderId}:${typeName}` : `body:${createHash("sha256").update(rawBody).digest("hex")}`;
  return [
    {
      key: key.slice(0, 300),
      type: orderId ? (TYPES.get(typeName) ?? "unknown") : "unknown",
      providerType: typeName || `IPN_TYPE_ID ${typeId || "?"}`,
      providerOrderId: orderId,
      orderRef: distinctRefs[0] ?? null,
      orderRefSigned: false,
      payerEmail: f.CUSTOMER_EMAIL || null,
      payerId: null,
      conflict: conflicts.length > 0 ? conflicts.join("; ").slice(0, 300) : null,
      amount: toMinor(f.ORDER_TOTAL_AMOUNT),
      // Not signed either: kept as a check, but only re-fetching the order from PayPro's API proves it (ADR 007).
      currency: (f.ORDER_CURRENCY_CODE ?? f.ORDER_CURRENCY)?.toUpperCase() || null,
      productId,
      billToken: null,
      providerSubscriptionId: f.SUBSCRIPTION_ID || null,
      test: f.TEST_MODE === "1",
      occurredAt: null,
      raw: Object.fromEntries(Object.entries(f).filter(([name]) => !SIGNATURE_FIELDS.has(name))),
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
      api(
        "Suspend",
        subscription,
        { cancellationReasonId: 7, reasonText: (reason ?? "Cancelled by the customer").slice(0, 500), sendCustomerNotification: false },
        key,
      ),
    // Our cancel suspends the PayPro subscription; Renew is the documented way back ("only Suspended can be renewed").
    restart: (subscription, key) => api("Renew", subscription, { reasonText: "Restarted by the customer" }, key),
    // No refund call was found in PayPro Global's API documentation (developers.payproglobal.com): live, a
    // duplicate payment goes to review and a person refunds it in the PayPro console. [UNVERIFIED]
    async refund(_payment, key) {
      if (config.mode === "sandbox") return sandboxResult("pay_pro", "refund", key);
      return config.mode === "unconfigured"
        ? notConfigured
        : { ok: false, reason: "PayPro has no documented refund API: refund this order in the PayPro console", retryable: false };
    },
  };
}
