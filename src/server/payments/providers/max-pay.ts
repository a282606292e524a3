import { createHash } from "node:crypto";
import { maxpayCallbackSignature, maxpayRequestSignature, type SignedFields } from "./maxpay-signature.ts";
import { toMajor, toMinor } from "../money.ts";
import type { Headers, NormalizedEvent, NormalizedEventType, OperationResult, PaymentProvider, ProviderMode } from "../provider.ts";
import { notConfigured, sandboxResult } from "../sandbox/sandbox-reference.ts";
import { sameDigest } from "./timing-safe.ts";

/** The custom parameter that carries our order id through the checkout; Maxpay echoes it in `customParameters`. */
export const MAXPAY_ORDER_PARAM = "pathwise_order_id";

export type MaxPayConfig = {
  mode: ProviderMode;
  publicKey: string;
  privateKey: string;
  /** https://hpp.maxpay.com in live mode. */
  hppHost: string;
  /** Our own origin: the sandbox checkout page lives there. */
  appOrigin: string;
  fetch: typeof fetch;
};

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : typeof v === "number" ? String(v) : null);
const record = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const header = (headers: Headers, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Years 2000–9999: anything else is not a real payment's date (and years past 9999 do not fit an ISO timestamp). */
const storableDate = (date: Date) => date.getUTCFullYear() >= 2000 && date.getUTCFullYear() <= 9999;

/** Callback 2.0 `transactionType` + `status` in our terms. Anything else is stored as unknown. */
function eventType(transactionType: string, status: string): NormalizedEventType {
  if (status === "refunded" || (transactionType === "REFUND" && status === "success")) return "refunded";
  if (transactionType === "SALE" || transactionType === "AUTH3D" || transactionType === "SETTLE") {
    if (status === "success") return "payment_succeeded";
    if (status === "decline" || status === "declined") return "payment_declined";
  }
  return "unknown";
}

/** Fields of the older callback and API results that carry a signature (`checkSum`); never stored. */
const SIGNATURE_FIELDS = new Set(["checksum", "signature", "hash"]);

/**
 * Parses a Callback 2.0 JSON body. Undocumented or malformed bodies become one `unknown` event keyed
 * by the body hash. `X-Signature` covers the whole body, so every field here is signed, the order
 * reference (`customParameters`) and the payer (`email`, `uniqueUserId`) included: payment-events
 * still binds the transactionId to the first order it paid and checks the payer against the order's
 * customer, as for PayPro.
 */
export function parseMaxPayCallback(rawBody: Buffer, test: boolean): NormalizedEvent[] {
  let body: Record<string, unknown>;
  try {
    body = record(JSON.parse(rawBody.toString("utf8")));
  } catch {
    body = {};
  }
  const transactionId = str(body.transactionId) ?? str(body.uniqueTransactionId);
  const transactionType = (str(body.transactionType) ?? "").toUpperCase();
  const status = (str(body.status) ?? "").toLowerCase();
  const products = Array.isArray(body.productList) ? body.productList.map(record) : [];
  const custom = record(body.customParameters);
  const when = str(body.transactionDate) ?? str(body.createdAt);
  // An unreadable date is left out (it only orders events); a readable one outside the years a
  // timestamp column holds would fail every retry, so it makes the notification invalid instead.
  const occurredAt = when && !Number.isNaN(Date.parse(when)) ? new Date(when) : null;
  const invalid = occurredAt && !storableDate(occurredAt) ? `transactionDate ${(when ?? "").slice(0, 40)} is out of range` : undefined;
  const key = transactionId ? `${transactionId}:${status}:${transactionType}` : `body:${createHash("sha256").update(rawBody).digest("hex")}`;
  return [
    {
      key: key.slice(0, 300),
      type: transactionId ? eventType(transactionType, status) : "unknown",
      providerType: `${transactionType || "?"}/${status || "?"}`,
      providerOrderId: transactionId,
      orderRef: str(custom[MAXPAY_ORDER_PARAM]),
      orderRefSigned: true,
      payerEmail: str(body.email),
      payerId: str(body.uniqueUserId),
      conflict: null,
      amount: toMinor(body.totalAmount),
      currency: str(body.currency)?.toUpperCase() ?? null,
      productId: str(products[0]?.productId),
      billToken: str(body.billToken),
      providerSubscriptionId: transactionId,
      test,
      occurredAt: invalid ? null : occurredAt,
      ...(invalid ? { invalid } : {}),
      raw: Object.fromEntries(Object.entries(body).filter(([name]) => !SIGNATURE_FIELDS.has(name.toLowerCase()))),
    },
  ];
}

/**
 * Maxpay: hosted payment page (HPP) with a server-signed custom product, Callback 2.0 verified by
 * `X-Signature`, renewals as merchant-initiated rebills on the stored billToken (we own the schedule,
 * so pause, discount and cancel only change our own schedule and need no Maxpay call).
 */
export function createMaxPay(config: MaxPayConfig): PaymentProvider {
  const test = config.mode === "sandbox" || config.publicKey.startsWith("pkTest_");
  const local = (operation: string, key: string): OperationResult =>
    config.mode === "unconfigured"
      ? notConfigured
      : config.mode === "sandbox"
        ? sandboxResult("max_pay", operation, key)
        : { ok: true, reference: `local_${operation}_${key}`.slice(0, 200) };

  /** A signed POST to Maxpay's API (`api/<path>`); its transaction id is the reference. A 5xx or a network failure may be retried. */
  async function callApi(path: string, name: string, fields: SignedFields, idempotencyKey: string): Promise<OperationResult> {
    try {
      const res = await config.fetch(`${config.hppHost}/api/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...fields, signature: maxpayRequestSignature(fields, config.privateKey) }),
        signal: AbortSignal.timeout(20_000),
      });
      const body = record(await res.json().catch(() => ({})));
      if (res.ok && str(body.status)?.toLowerCase() === "success") return { ok: true, reference: str(body.transactionId) ?? idempotencyKey };
      return { ok: false, reason: str(body.message) ?? `${name} answered ${res.status}`, retryable: res.status >= 500 };
    } catch (err) {
      return { ok: false, reason: `${name} failed: ${(err as Error).message}`, retryable: true };
    }
  }

  return {
    code: "max_pay",
    mode: config.mode,

    async startCheckout(order, customer, urls) {
      const fields: SignedFields = {
        key: config.publicKey,
        uniqueuserid: customer.id,
        displaybuybutton: "true",
        buttontext: "Pay",
        success_url: urls.success,
        decline_url: urls.decline,
        email: customer.email,
        [MAXPAY_ORDER_PARAM]: order.id,
        customproduct: JSON.stringify([
          {
            productType: "fixedProduct",
            productId: order.productId,
            productName: order.productName,
            currency: order.currency,
            amount: Number(toMajor(order.amount)),
          },
        ]),
      };
      const query = new URLSearchParams({ ...(fields as Record<string, string>), signature: maxpayRequestSignature(fields, config.privateKey) });
      const base = config.mode === "sandbox" ? `${config.appOrigin}/sandbox/max_pay/checkout` : `${config.hppHost}/hpp`;
      return { url: `${base}?${query.toString()}` };
    },

    verifyNotification(rawBody, headers) {
      if (config.mode === "unconfigured") return { ok: false, reason: "max_pay is not configured" };
      const signature = header(headers, "x-signature");
      if (!signature) return { ok: false, reason: "no X-Signature header" };
      return sameDigest(maxpayCallbackSignature(rawBody, config.privateKey), signature) ? { ok: true } : { ok: false, reason: "X-Signature does not match" };
    },

    parseNotification: (rawBody) => parseMaxPayCallback(rawBody, test),

    async charge(subscription, charge, idempotencyKey) {
      if (config.mode !== "live") return config.mode === "sandbox" ? sandboxResult("max_pay", "charge", idempotencyKey) : notConfigured;
      if (!subscription.billToken) return { ok: false, reason: "no billToken stored for this subscription", retryable: false };
      // SDK RebillBuilder: api/rebilling with the rebill token and a custom product, signed like a button. [UNVERIFIED response shape]
      const fields: SignedFields = {
        publicKey: config.publicKey,
        uniqueUserId: subscription.customerId,
        rebillToken: subscription.billToken,
        productType: "fixedProduct",
        productId: subscription.productId,
        productName: charge.description,
        currency: charge.currency,
        amount: toMajor(charge.amount),
        pathwise_idempotency_key: idempotencyKey,
      };
      return callApi("rebilling", "rebill", fields, idempotencyKey);
    },

    async refund(payment, idempotencyKey) {
      if (config.mode !== "live") return config.mode === "sandbox" ? sandboxResult("max_pay", "refund", idempotencyKey) : notConfigured;
      if (!payment.providerOrderId) return { ok: false, reason: "no Maxpay transaction id stored for this payment", retryable: false };
      // SDK RefundBuilder (v3): transactionId, amount, currency, signed like a button. [UNVERIFIED path and response shape]
      const fields: SignedFields = {
        publicKey: config.publicKey,
        transactionId: payment.providerOrderId,
        amount: toMajor(payment.amount),
        currency: payment.currency,
        pathwise_idempotency_key: idempotencyKey,
      };
      return callApi("refund", "refund", fields, idempotencyKey);
    },

    pause: async (_subscription, _until, key) => local("pause", key),
    applyDiscount: async (_subscription, _discount, key) => local("discount", key),
    cancel: async (_subscription, _reason, key) => local("cancel", key),
    restart: async (_subscription, key) => local("restart", key),
  };
}
