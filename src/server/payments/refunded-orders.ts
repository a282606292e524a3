import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { paymentEvents, subscriptions } from "../db/schema.ts";
import { revokeOrder } from "./entitlements.ts";
import { createOrderSubscription } from "./order-subscription.ts";
import type { Order } from "./orders.ts";
import { productById } from "./products.ts";

/** A refund or chargeback: the order's report is taken back and its subscription ends now (nothing renews). */
export async function endRefundedOrder(tx: Tx, order: Order, now: Date): Promise<void> {
  await revokeOrder(tx, order.id);
  await tx
    .update(subscriptions)
    .set({ status: "ended", nextChargeAt: null, endedAt: now, currentPeriodEnd: now, updatedAt: now })
    .where(eq(subscriptions.orderId, order.id));
}

/**
 * The payment of a first order whose refund arrived before it: it grants nothing (no entitlement,
 * report request or receipt), but the subscription it paid for is recorded, already `ended`, so
 * the customer's plans look the same whichever of the two notifications came first.
 */
export async function recordRefundedPayment(tx: Tx, order: Order, now: Date): Promise<void> {
  if (order.kind !== "initial") return;
  await createOrderSubscription(tx, order, await productById(tx, order.productId), { status: "ended" }, now);
}

/**
 * Whether a successful payment for this order was seen before (paid, or refused for review): then
 * a new success for the refunded order is money taken again, for a person to refund, not the late
 * payment of the refund that came first.
 */
export async function paidBefore(tx: Tx, order: Order): Promise<boolean> {
  if (order.paidAt) return true;
  const [seen] = await tx
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.orderId, order.id), eq(paymentEvents.type, "payment_succeeded")))
    .limit(1);
  return seen !== undefined;
}
