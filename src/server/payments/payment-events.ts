import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { customers, orders, paymentEvents } from "../db/schema.ts";
import { orderFor, setAside } from "./order-binding.ts";
import { firstPeriodEnd } from "#schemas/content/billing-dates.ts";
import type { NormalizedEvent, ProviderCode } from "./provider.ts";
import type { Clock } from "../platform/clock.ts";
import type { ConversionQueue } from "../conversions/conversion-queue.ts";
import { ensureReportRequest, grantReport } from "./entitlements.ts";
import { createOrderSubscription } from "./order-subscription.ts";
import type { Order } from "./orders.ts";
import type { Fulfilment, PaymentMails } from "./payment-mails.ts";
import { productById } from "./products.ts";
import { otherPaidOrderOfSession, recordDuplicateCharge } from "./duplicate-payments.ts";
import { endRefundedOrder, paidBefore, recordRefundedPayment } from "./refunded-orders.ts";

type EventStatus = (typeof paymentEvents.$inferSelect)["status"];

export type EventOutcome = {
  /** The same notification was stored before: nothing happened. */
  duplicate: boolean;
  status: EventStatus;
  orderId: string | null;
  note: string | null;
  fulfilment: Fulfilment | null;
  /** A duplicate payment was marked for refund: run `refundDuplicatePayments` after the commit. */
  refundDue?: boolean;
};

type Applied = {
  status: EventStatus;
  orderId: string | null;
  note: string | null;
  fulfilment: Fulfilment | null;
  refundDue?: boolean;
  /** An order whose money went back with this notification: its payer is told in the same transaction. */
  refundedOrder?: Order | null;
};

const result = (status: EventStatus, order: Order | null, note: string | null, fulfilment: Fulfilment | null = null): Applied => ({
  status,
  orderId: order?.id ?? null,
  note,
  fulfilment,
});

/** Why a successful payment does not match the order we created, or null when it does. */
function mismatch(order: Order, event: NormalizedEvent): string | null {
  const problems: string[] = [];
  if (event.amount !== order.amount) problems.push(`amount ${event.amount ?? "missing"} ≠ ${order.amount}`);
  if (event.currency !== order.currency) problems.push(`currency ${event.currency ?? "missing"} ≠ ${order.currency}`);
  if (event.productId !== order.productId) problems.push(`product ${event.productId ?? "missing"} ≠ ${order.productId}`);
  return problems.length > 0 ? problems.join("; ") : null;
}

/** First payment of a first order: the subscription, the report and the report request, in the same transaction. */
async function fulfil(tx: Tx, order: Order, event: NormalizedEvent, now: Date): Promise<Fulfilment> {
  const product = (await productById(tx, order.productId))!;
  const [customer] = await tx.select({ email: customers.email }).from(customers).where(eq(customers.id, order.customerId));
  let subscription: Fulfilment["subscription"] = null;
  if (order.kind === "initial") {
    subscription = await createOrderSubscription(
      tx,
      order,
      product,
      {
        status: "active",
        periodEnd: firstPeriodEnd(now, product),
        billToken: event.billToken ?? null,
        providerSubscriptionId: event.providerSubscriptionId ?? null,
        lastEventAt: event.occurredAt ?? now,
      },
      now,
    );
  }
  let report: Fulfilment["report"] = null;
  if (order.reportCode) {
    await grantReport(tx, { customerId: order.customerId, reportCode: order.reportCode, orderId: order.id, at: now });
    if (order.quizSessionId) {
      const input = { customerId: order.customerId, quizSessionId: order.quizSessionId, reportCode: order.reportCode, at: now };
      report = { code: order.reportCode, status: await ensureReportRequest(tx, input) };
    }
  }
  return { order: { ...order, status: "paid", paidAt: now }, product, email: customer!.email, subscription: subscription ?? null, report };
}

/**
 * The order state machine. Allowed edges: pending → paid | declined | needs_review;
 * declined → paid | needs_review (a later attempt on the same checkout succeeded);
 * pending | declined | needs_review | paid → refunded (a refund or chargeback, whenever it comes).
 * A decline never undoes a payment, and an event older than the order's newest one changes nothing
 * (a late success still counts: money was taken, so it is never dropped silently). A success for a
 * refunded order grants nothing, so payment → refund and refund → payment end the same way.
 * Which order an event may touch at all is decided by `orderFor` (bindings, signed payer).
 */
async function apply(tx: Tx, provider: ProviderCode, event: NormalizedEvent, now: Date): Promise<Applied> {
  if (event.type === "unknown") {
    return result("unknown", null, `unknown event type ${event.providerType}`.slice(0, 300));
  }
  const target = await orderFor(tx, provider, event, now);
  if (!target.ok) {
    if (target.setAside) await setAside(tx, provider, event.key);
    return { status: target.status, orderId: target.orderId, note: target.note, fulfilment: null };
  }
  const { order } = target;

  const at = event.occurredAt ?? now;
  const stale = event.occurredAt && order.lastEventAt && event.occurredAt < order.lastEventAt;
  const lastEventAt = order.lastEventAt && order.lastEventAt > at ? order.lastEventAt : at;
  const move = (status: Order["status"], extra: Partial<Order> = {}) =>
    tx
      .update(orders)
      .set({ status, lastEventAt, updatedAt: now, providerOrderId: event.providerOrderId ?? order.providerOrderId, ...extra })
      .where(eq(orders.id, order.id));

  switch (event.type) {
    case "payment_succeeded": {
      if (order.status === "paid") {
        // The same order paid again in another transaction (a second tab on the provider's page): give it back.
        if (event.providerOrderId && order.providerOrderId && event.providerOrderId !== order.providerOrderId) {
          const refund = await recordDuplicateCharge(tx, order, event, now);
          return { ...result("processed", order, `a second payment for an order already paid: refund ${refund.id} requested`), refundDue: true };
        }
        return result("needs_review", order, "another successful payment for an order already paid");
      }
      if (order.status === "refunded") {
        const differs = mismatch(order, event);
        if (differs || (await paidBefore(tx, order))) {
          return result("needs_review", order, `a successful payment for a refunded order (${differs ?? "paid before: a second charge?"}): nothing granted`);
        }
        await move("refunded", { paidAt: now });
        await recordRefundedPayment(tx, order, now);
        return result("processed", order, "the order was refunded before this payment arrived: nothing granted");
      }
      if (order.status !== "pending" && order.status !== "declined") return result("ignored", order, `order is ${order.status}`);
      const wrong = mismatch(order, event);
      if (wrong) {
        await move("needs_review");
        return result("needs_review", order, `payment does not match the order: ${wrong}`);
      }
      // One paid order per quiz: another order of the same session was paid first (Back, a second tab).
      const first = order.quizSessionId ? await otherPaidOrderOfSession(tx, order) : null;
      if (first) {
        await move("refunding", { paidAt: now, duplicateOf: first });
        return {
          ...result("processed", order, `the quiz was already paid by order ${first}: this payment is being refunded, nothing granted`),
          refundDue: true,
        };
      }
      await move("paid", { paidAt: now });
      return result("processed", order, null, await fulfil(tx, order, event, now));
    }
    case "payment_declined": {
      if (stale) return result("ignored", order, "older than the order's last event");
      if (order.status !== "pending") return result("ignored", order, `a decline does not change a ${order.status} order`);
      await move("declined");
      return result("processed", order, null);
    }
    case "refunded": {
      if (order.status === "refunded") return result("ignored", order, "the order is already refunded");
      await move("refunded", { refundedAt: at });
      await endRefundedOrder(tx, order, now);
      // Money we had taken went back: the payer is told (a refund before any payment took nothing).
      const tookMoney = order.status === "paid" || order.status === "needs_review" || order.status === "refunding";
      return {
        ...result(
          "processed",
          order,
          order.status === "paid" ? "refunded: access and subscription ended" : `refunded while ${order.status}: a payment arriving later grants nothing`,
        ),
        refundedOrder: tookMoney ? { ...order, status: "refunded", refundedAt: at } : null,
      };
    }
  }
}

/** The conversion a fulfilled payment is: a renewal charge, or a plan's first payment (with or without a trial). */
const conversionOf = (f: Fulfilment) => (f.order.kind === "renewal" ? "subscription_renewed" : f.product.trialDays > 0 ? "trial_started" : "purchase");

/**
 * Stores one verified notification (once per provider + key) and applies it, in one transaction:
 * a duplicate — even one arriving while the first is being processed — does nothing. The delivery
 * that fulfils the order queues its receipt, and a refund its notice (`paymentMails`,
 * payments/queue-receipt.ts), and the conversion events for the ad platforms (ADR 056), in that same
 * transaction, so the mail and the events commit with the change or not at all.
 */
export async function recordAndApply(
  db: Db,
  clock: Clock,
  provider: ProviderCode,
  event: NormalizedEvent,
  mails: PaymentMails,
  conversions: ConversionQueue,
): Promise<EventOutcome> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(paymentEvents)
      .values({ provider, eventKey: event.key, type: event.type, payload: event.raw, occurredAt: event.occurredAt ?? null, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!stored) return { duplicate: true, status: "ignored", orderId: null, note: "duplicate", fulfilment: null };
    const { refundedOrder, ...applied } = await apply(tx, provider, event, now);
    if (applied.fulfilment) {
      await mails.receipt(tx, applied.fulfilment);
      await conversions.order(tx, conversionOf(applied.fulfilment), applied.fulfilment.order.id, now);
    }
    if (refundedOrder) {
      await mails.refund(tx, refundedOrder);
      // A duplicate payment was never reported as a sale, so its refund is not reported either.
      if (!refundedOrder.duplicateOf) await conversions.order(tx, "refund", refundedOrder.id, now);
    }
    await tx
      .update(paymentEvents)
      .set({ status: applied.status, orderId: applied.orderId, note: applied.note, processedAt: now })
      .where(eq(paymentEvents.id, stored.id));
    return { duplicate: false, ...applied };
  });
}
