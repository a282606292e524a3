import { z } from "zod";
import { billingPeriod } from "../content/product.ts";
import { envelope } from "./envelope.ts";

/** Billing history and receipts (the account's profile). Amounts are minor units (cents) with their currency. */

export const orderIdParams = z.strictObject({ orderId: z.uuid() });

/** One line of the history: a charge (a first payment or a renewal) or a refund of one, which is its own line. */
const billingLine = z.object({
  /** The order and what happened to it: `<order id>:charge` or `<order id>:refund`. */
  id: z.string(),
  order_id: z.uuid(),
  type: z.enum(["charge", "refund"]),
  /** What was charged: the first payment of a plan, or a renewal. */
  order_kind: z.enum(["initial", "renewal"]),
  at: z.iso.datetime().describe("When the money was taken or given back"),
  /** Always positive: a refund line gives back this much. */
  amount: z.number().int(),
  currency: z.string(),
  plan_name: z.string(),
});
export type BillingLine = z.infer<typeof billingLine>;

export const billingHistoryResponse = envelope(z.array(billingLine).describe("Every charge and refund, newest first"));

/** A receipt: everything the printed page shows. */
const receipt = z.object({
  order_id: z.uuid(),
  order_kind: z.enum(["initial", "renewal"]),
  plan_name: z.string(),
  period: billingPeriod,
  /** The trial of a first payment, in days (0: none). */
  trial_days: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  paid_at: z.iso.datetime(),
  /** Set when the payment was given back; the receipt then says so. */
  refunded_at: z.iso.datetime().nullable(),
  /** The payment provider's reference, when it gave one. */
  provider_reference: z.string().nullable(),
  payment_method: z.string().describe("How it was paid, e.g. 'Card, through Maxpay'"),
  customer_email: z.string(),
  /** `support_email`: the catalogue's support address (null when it has none). */
  seller: z.object({ name: z.string(), website: z.string(), support_email: z.string().nullable() }),
});
export type Receipt = z.infer<typeof receipt>;
export const receiptResponse = envelope(receipt);
