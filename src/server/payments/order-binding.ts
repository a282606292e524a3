import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { customers, orders, paymentEvents, paymentProviderRefs } from "../db/schema.ts";
import type { Order } from "./orders.ts";
import type { NormalizedEvent, ProviderCode } from "./provider.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order a notification may act on (locked FOR UPDATE), or why it may act on none. */
export type OrderTarget =
  | { ok: true; order: Order }
  | {
      ok: false;
      status: "ignored" | "needs_review";
      /** Only an order known from signed data (a binding, a signed reference): a forged reference names none. */
      orderId: string | null;
      note: string;
      /** Refused because of unsigned fields: the event gives up its key (see `setAside`). */
      setAside: boolean;
    };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Why the payer the provider signed is not the order's customer, or null when it is. Without a
 * signed e-mail, only an order found from signed data (`signedOrder`) is accepted.
 */
async function payerMismatch(tx: Tx, order: Order, event: NormalizedEvent, signedOrder: boolean): Promise<string | null> {
  if (event.payerId !== null && !same(event.payerId, order.customerId)) return "the signed payer id is not the order's customer";
  if (event.payerEmail === null) return signedOrder ? null : "no signed e-mail confirms the unsigned order reference";
  const [customer] = await tx.select({ email: customers.email }).from(customers).where(eq(customers.id, order.customerId));
  return customer && same(customer.email, event.payerEmail) ? null : "the signed payer e-mail is not the order customer's";
}

const boundOrder = async (tx: Tx, provider: ProviderCode, providerOrderId: string) =>
  (
    await tx
      .select({ orderId: paymentProviderRefs.orderId })
      .from(paymentProviderRefs)
      .where(and(eq(paymentProviderRefs.provider, provider), eq(paymentProviderRefs.providerOrderId, providerOrderId)))
  )[0]?.orderId ?? null;

/**
 * Which of our orders a verified notification may act on. A provider order id (PayPro ORDER_ID,
 * Maxpay transactionId) belongs to the order the first accepted notification naming it was for
 * (`payment_provider_refs`); later ones can only act on that order, whatever order reference they
 * carry. The payer the provider signed (e-mail, Maxpay's uniqueUserId) must be the order's
 * customer, and an unsigned reference (PayPro's x-order_id) is believed only then: one captured
 * notification cannot pay, refund or even flag another customer's order.
 */
export async function orderFor(tx: Tx, provider: ProviderCode, event: NormalizedEvent, now: Date): Promise<OrderTarget> {
  const providerOrderId = event.providerOrderId;
  const bound = providerOrderId ? await boundOrder(tx, provider, providerOrderId) : null;
  const refuse = (status: "ignored" | "needs_review", note: string, orderId = bound): OrderTarget => ({
    ok: false,
    status,
    orderId,
    note: note.slice(0, 500),
    setAside: !event.orderRefSigned,
  });

  if (event.conflict) return refuse("needs_review", `unsigned fields contradict the signed ones (${event.conflict}): nothing done`);
  const ref = event.orderRef?.toLowerCase() ?? null;
  if (bound && ref && ref !== bound) {
    return refuse("needs_review", `${provider} order ${providerOrderId} belongs to order ${bound}, this notification names order ${ref}: nothing done`);
  }
  const id = bound ?? ref;
  if (!id || !UUID.test(id)) return refuse("ignored", "no order reference in the notification");
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!order) return refuse("ignored", "no such order");
  const known = bound ?? (event.orderRefSigned ? order.id : null);
  const claimed = known ? "" : ` (the notification names order ${order.id})`;
  if (order.provider !== provider) return refuse("needs_review", `order belongs to ${order.provider}${claimed}`, known);
  const payer = await payerMismatch(tx, order, event, known !== null);
  if (payer) return refuse("needs_review", `${payer}${claimed}: nothing done`, known);

  if (providerOrderId && !bound) {
    await tx.insert(paymentProviderRefs).values({ provider, providerOrderId, orderId: order.id, createdAt: now }).onConflictDoNothing();
    // A concurrent first notification for the same provider id may have bound it (we waited for it).
    const winner = await boundOrder(tx, provider, providerOrderId);
    if (winner !== order.id) {
      return refuse(
        "needs_review",
        `${provider} order ${providerOrderId} belongs to order ${winner}, this notification names order ${order.id}: nothing done`,
        winner,
      );
    }
  }
  return { ok: true, order };
}

/**
 * Gives up a refused event's key: the row stays for review as `<key>:review:<row id>`. The key of a
 * PayPro IPN comes from signed fields only, so a copy with changed unsigned fields arriving first
 * would otherwise take the key of the genuine notification, which would then be dropped as a duplicate.
 */
export async function setAside(tx: Tx, provider: ProviderCode, key: string): Promise<void> {
  await tx
    .update(paymentEvents)
    .set({ eventKey: sql`${paymentEvents.eventKey} || ':review:' || ${paymentEvents.id}::text` })
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventKey, key)));
}
