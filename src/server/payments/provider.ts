import type { subscriptions } from "../db/schema.ts";
import type { ProviderCode } from "./provider-codes.ts";

export { PROVIDER_CODES, type ProviderCode } from "./provider-codes.ts";

/**
 * How a provider runs:
 * - `sandbox`: no credentials outside production; our own hosted-checkout page under /sandbox/…
 *   and built-in test keys that sign exactly like the real provider.
 * - `live`: credentials configured; real hosts.
 * - `unconfigured`: production without credentials; checkouts are refused (503), no test keys.
 */
export type ProviderMode = "sandbox" | "live" | "unconfigured";

/** What a checkout sells: our order, priced by the server from the products table. */
type CheckoutOrder = {
  id: string;
  productId: string;
  productName: string;
  /** Minor units (cents). */
  amount: number;
  currency: string;
};

type CheckoutCustomer = { id: string; email: string };

/** Where the provider sends the visitor back, and where it posts notifications. */
type CheckoutUrls = { success: string; decline: string; notify: string };

export type NormalizedEventType = "payment_succeeded" | "payment_declined" | "refunded" | "unknown";

/** One provider notification in our terms. A PayPro IPN is one event; so is a Maxpay callback. */
export type NormalizedEvent = {
  /** Unique per provider: the same notification delivered again has the same key. */
  key: string;
  type: NormalizedEventType;
  /** The provider's own name for it (transactionType/status, IPN_TYPE_NAME), for logs and review. */
  providerType: string;
  providerOrderId: string | null;
  /** Our order id, echoed back from the checkout (Maxpay custom parameter, PayPro x- field). */
  orderRef: string | null;
  /**
   * Whether the signature covers `orderRef` (Maxpay: the whole body; PayPro: no). An unsigned
   * reference is only believed when the signed payer e-mail is the order customer's.
   */
  orderRefSigned: boolean;
  /** The payer's e-mail as the provider signed it (PayPro CUSTOMER_EMAIL, Maxpay `email`), if any. */
  payerEmail: string | null;
  /** Our customer id as the provider signed it (Maxpay `uniqueUserId`), if any. */
  payerId: string | null;
  /** Why unsigned fields contradict the signed ones (then nothing is acted on), or null. */
  conflict: string | null;
  /** Minor units, or null when the notification carries none. */
  amount: number | null;
  currency: string | null;
  /** Our product id. */
  productId: string | null;
  /** Maxpay billToken for merchant-initiated renewals. */
  billToken?: string | null;
  /** The provider's subscription id, when it has one (PayPro SUBSCRIPTION_ID). */
  providerSubscriptionId?: string | null;
  /** Sent with test keys or in the provider's test mode: never honoured in production. */
  test: boolean;
  occurredAt?: Date | null;
  /** Why the notification cannot be stored as sent (e.g. a date outside what the database holds): answered 400. */
  invalid?: string;
  /** What is stored as the event's payload: the notification without its signature values. */
  raw: Record<string, unknown>;
};

type Verification = { ok: true } | { ok: false; reason: string };

export type Headers = Record<string, string | string[] | undefined>;

/** The subscription fields a provider operation needs (a full `subscriptions` row fits). */
export type ProviderSubscription = Pick<
  typeof subscriptions.$inferSelect,
  "id" | "customerId" | "productId" | "currency" | "billToken" | "providerSubscriptionId"
>;

/** A charge or change the provider accepted (`reference` is its id for it) or refused. */
export type OperationResult = { ok: true; reference: string } | { ok: false; reason: string; retryable: boolean };

type ChargeRequest = {
  /** Minor units, in the subscription's currency. */
  amount: number;
  currency: string;
  /** Shown on the customer's statement / receipt, e.g. the product name. */
  description: string;
};

/** A payment to give back in full: our order, and the provider's id of the charge (its transaction or order). */
type RefundRequest = { orderId: string; providerOrderId: string | null; amount: number; currency: string };

export interface PaymentProvider {
  readonly code: ProviderCode;
  readonly mode: ProviderMode;
  /** The hosted-checkout URL for an order (signed server-side, so the price cannot be changed). */
  startCheckout(order: CheckoutOrder, customer: CheckoutCustomer, urls: CheckoutUrls): Promise<{ url: string }>;
  /** Checks the provider's signature over the raw request bytes, before anything is parsed or stored. */
  verifyNotification(rawBody: Buffer, headers: Headers): Verification;
  /** Maps a verified notification to our events. Never throws: odd input becomes `unknown`. */
  parseNotification(rawBody: Buffer, headers: Headers): NormalizedEvent[];

  // Subscription operations (we own the renewal schedule). Each is idempotent per key:
  // calling again with the same key returns the same reference and charges nothing more.
  /** A merchant-initiated renewal charge on the stored token. */
  charge(subscription: ProviderSubscription, charge: ChargeRequest, idempotencyKey: string): Promise<OperationResult>;
  /** Billing pauses until `until` (our schedule moves; the provider is told when it keeps one). */
  pause(subscription: ProviderSubscription, until: Date, idempotencyKey: string): Promise<OperationResult>;
  /** A retention discount of `percent` on the next `cycles` renewals. */
  applyDiscount(subscription: ProviderSubscription, discount: { percent: number; cycles: number }, idempotencyKey: string): Promise<OperationResult>;
  /** No more renewals; access runs to the end of the paid period. */
  cancel(subscription: ProviderSubscription, reason: string | null, idempotencyKey: string): Promise<OperationResult>;
  /** Undoes a cancel while paid time is left: renewals start again at the end of the paid period. */
  restart(subscription: ProviderSubscription, idempotencyKey: string): Promise<OperationResult>;
  /** Gives one payment back in full (a duplicate payment of a quiz already paid). */
  refund(payment: RefundRequest, idempotencyKey: string): Promise<OperationResult>;
}
