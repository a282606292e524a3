import { randomBytes, randomInt } from "node:crypto";
import { MAXPAY_ORDER_PARAM } from "../providers/max-pay.ts";
import { maxpayCallbackSignature } from "../providers/maxpay-signature.ts";
import { toMajor } from "../money.ts";
import { PAYPRO_ORDER_FIELD } from "../providers/pay-pro.ts";
import { PAYPRO_TEST_HASH, payproHash, payproSignature } from "../providers/paypro-signature.ts";
import type { ProviderCode } from "../provider.ts";
import { SANDBOX_KEYS } from "./sandbox-keys.ts";

/** A notification ready to POST: the exact bytes and the headers the real provider sends. */
export type SignedNotification = { provider: ProviderCode; body: Buffer; headers: Record<string, string> };

export type SandboxPayment = {
  orderId: string;
  customerId: string;
  email: string;
  productId: string;
  productName: string;
  /** Minor units. */
  amount: number;
  currency: string;
  outcome: "success" | "decline" | "refund";
  /** Reuse to send the same transaction again (a replay, a refund of it). */
  transactionId?: string;
};

/** A Maxpay Callback 2.0: compact JSON, `X-Signature` = hex(SHA-256(body ‖ private key)). */
export function maxPayCallback(p: SandboxPayment, privateKey: string = SANDBOX_KEYS.max_pay.privateKey): SignedNotification {
  const amount = Number(toMajor(p.amount));
  const status = p.outcome === "refund" ? "refunded" : p.outcome;
  const callback = {
    uniqueTransactionId: `hpp_${randomBytes(8).toString("hex")}`,
    transactionId: p.transactionId ?? `sbx${randomBytes(10).toString("hex")}`,
    uniqueUserId: p.customerId,
    email: p.email,
    totalAmount: amount,
    currency: p.currency,
    transactionType: p.outcome === "refund" ? "REFUND" : "SALE",
    status,
    code: p.outcome === "decline" ? 1001 : 0,
    message: p.outcome === "decline" ? "Transaction declined (sandbox)" : "Transaction processed successfully (sandbox)",
    productList: [{ productId: p.productId, name: p.productName, amount, currency: p.currency }],
    customParameters: { [MAXPAY_ORDER_PARAM]: p.orderId },
    ...(p.outcome === "success" ? { billToken: `sbxtok_${randomBytes(12).toString("hex")}` } : {}),
  };
  const body = Buffer.from(JSON.stringify(callback), "utf8");
  return { provider: "max_pay", body, headers: { "content-type": "application/json", "x-signature": maxpayCallbackSignature(body, privateKey) } };
}

const IPN_TYPES = {
  success: { id: "1", name: "OrderCharged", status: "Processed" },
  decline: { id: "4", name: "OrderDeclined", status: "Declined" },
  refund: { id: "2", name: "OrderRefunded", status: "Refunded" },
} as const;

/**
 * A PayPro IPN (form-urlencoded). Test mode: HASH = MD5("1") and TEST_MODE=1, as PayPro sends for
 * test orders; SIGNATURE with the validation key. (Real test orders report 0 amounts; ours report
 * the order's amount, so the amount check runs in the sandbox too.)
 */
export function payProIpn(
  p: SandboxPayment & { test?: boolean; providerProductId?: string },
  keys: { secretKey: string; validationKey: string } = SANDBOX_KEYS.pay_pro,
): SignedNotification {
  const type = IPN_TYPES[p.outcome];
  const test = p.test ?? true;
  const orderId = p.transactionId ?? String(randomInt(10_000_000, 99_999_999));
  const fields: Record<string, string> = {
    IPN_TYPE_ID: type.id,
    IPN_TYPE_NAME: type.name,
    ORDER_ID: orderId,
    ORDER_STATUS_ID: type.id === "1" ? "5" : "0",
    ORDER_STATUS: type.status,
    ORDER_TOTAL_AMOUNT: toMajor(p.amount),
    ORDER_CURRENCY_CODE: p.currency,
    CUSTOMER_EMAIL: p.email,
    PRODUCT_ID: p.providerProductId ?? p.productId,
    ORDER_ITEM_NAME: p.productName,
    ORDER_CUSTOM_FIELDS: `${PAYPRO_ORDER_FIELD}=${p.orderId}`,
    SUBSCRIPTION_ID: "",
    TEST_MODE: test ? "1" : "0",
    IS_RESENT: "0",
  };
  fields.HASH = test ? PAYPRO_TEST_HASH : payproHash(orderId, keys.secretKey);
  fields.SIGNATURE = payproSignature(
    {
      ORDER_ID: orderId,
      ORDER_STATUS: fields.ORDER_STATUS!,
      ORDER_TOTAL_AMOUNT: fields.ORDER_TOTAL_AMOUNT!,
      CUSTOMER_EMAIL: p.email,
      TEST_MODE: fields.TEST_MODE!,
      IPN_TYPE_NAME: type.name,
    },
    keys.validationKey,
  );
  const body = Buffer.from(new URLSearchParams(fields).toString(), "utf8");
  return { provider: "pay_pro", body, headers: { "content-type": "application/x-www-form-urlencoded" } };
}
