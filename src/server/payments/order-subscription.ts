import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { orders, subscriptions } from "../db/schema.ts";
import type { Order } from "./orders.ts";
import type { Product } from "./products.ts";

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The subscription a first order paid for (once: the order id is unique), linked back to the
 * order. Its renewal price is the product's in the order's currency; `state` says whether it runs
 * (active, with the first period) or was refunded before it began (ended, nothing to charge).
 */
export async function createOrderSubscription(
  tx: Tx,
  order: Order,
  product: Product | null,
  state: { status: "active"; periodEnd: Date; billToken: string | null; providerSubscriptionId: string | null; lastEventAt: Date } | { status: "ended" },
  now: Date,
): Promise<SubscriptionRow | null> {
  const active = state.status === "active";
  const [created] = await tx
    .insert(subscriptions)
    .values({
      customerId: order.customerId,
      productId: order.productId,
      provider: order.provider,
      orderId: order.id,
      currency: order.currency,
      renewalAmount: product?.prices[order.currency]?.renewal ?? order.amount,
      status: state.status,
      currentPeriodStart: now,
      currentPeriodEnd: active ? state.periodEnd : now,
      nextChargeAt: active ? state.periodEnd : null,
      endedAt: active ? null : now,
      billToken: active ? state.billToken : null,
      providerSubscriptionId: active ? state.providerSubscriptionId : null,
      lastEventAt: active ? state.lastEventAt : now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (created) await tx.update(orders).set({ subscriptionId: created.id }).where(eq(orders.id, order.id));
  return created ?? null;
}
