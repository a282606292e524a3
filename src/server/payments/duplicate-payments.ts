import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Db, Tx } from "../db/client.ts";
import { orders, quizSessions } from "../db/schema.ts";
import { queueRefundNotice } from "./refund-notice.ts";
import type { NormalizedEvent } from "./provider.ts";
import type { PaymentProviders } from "./registry.ts";
import type { Order } from "./orders.ts";

/**
 * One paid order per quiz (issue 18). Checkout hands back a session's open order, but a visitor can
 * still pay twice: two orders of one session (Back while the first notification was delayed, two
 * tabs), or one order twice on the provider's page. The first payment counts; every later one is
 * marked `refunding` (granting nothing: no entitlement, subscription or receipt) and given back
 * through the provider by `refundDuplicatePayments`.
 */

/**
 * Another order of this order's quiz session that is paid (or under review), else null. Locks the
 * session's row first, so two notifications for two orders of one session are decided one after
 * the other: the second always sees the first as paid.
 */
export async function otherPaidOrderOfSession(tx: Tx, order: Order): Promise<string | null> {
  if (!order.quizSessionId) return null;
  await tx.select({ id: quizSessions.id }).from(quizSessions).where(eq(quizSessions.id, order.quizSessionId)).for("update");
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.quizSessionId, order.quizSessionId), ne(orders.id, order.id), inArray(orders.status, ["paid", "needs_review"])))
    .orderBy(asc(orders.paidAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * A second charge of an order already paid (a different provider transaction): recorded as an order
 * of its own, so the billing history shows the charge and its refund, and queued for the refund.
 */
export async function recordDuplicateCharge(tx: Tx, order: Order, event: NormalizedEvent, now: Date): Promise<Order> {
  const [row] = await tx
    .insert(orders)
    .values({
      customerId: order.customerId,
      quizSessionId: order.quizSessionId,
      reportCode: null,
      productId: order.productId,
      provider: order.provider,
      kind: "initial",
      currency: event.currency ?? order.currency,
      amount: event.amount ?? order.amount,
      status: "refunding",
      duplicateOf: order.id,
      providerOrderId: event.providerOrderId,
      variants: order.variants,
      attribution: order.attribution,
      lastEventAt: event.occurredAt ?? now,
      paidAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

export type RefundDeps = { db: Db; payments: PaymentProviders; mail: { kick(): void }; log: FastifyBaseLogger; appOrigin: string };

export const refundDepsOf = (app: FastifyInstance): RefundDeps => ({
  db: app.services.db,
  payments: app.services.payments,
  mail: app.services.mail,
  log: app.log,
  appOrigin: app.services.env.APP_ORIGIN,
});

/**
 * Gives back every duplicate payment still `refunding`: the provider refunds it (idempotent per
 * order, so a retry never refunds twice), then the order is `refunded` and the payer told, in one
 * transaction. A temporary failure is retried on the next run; a refusal goes to review, for a
 * person to refund by hand. Run after a notification that marks one, and by the renewal schedule.
 */
export async function refundDuplicatePayments(deps: RefundDeps, now: Date): Promise<number> {
  const due = await deps.db.select().from(orders).where(eq(orders.status, "refunding")).orderBy(asc(orders.createdAt)).limit(100);
  let refunded = 0;
  for (const order of due) {
    const provider = deps.payments.get(order.provider);
    const result = await provider.refund(
      { orderId: order.id, providerOrderId: order.providerOrderId, amount: order.amount, currency: order.currency },
      `refund:${order.id}`,
    );
    if (!result.ok) {
      deps.log.error({ orderId: order.id, provider: order.provider, reason: result.reason }, "duplicate payment could not be refunded");
      if (!result.retryable) {
        await deps.db
          .update(orders)
          .set({ status: "needs_review", updatedAt: now })
          .where(and(eq(orders.id, order.id), eq(orders.status, "refunding")));
      }
      continue;
    }
    const done = await deps.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(orders)
        .set({ status: "refunded", refundedAt: now, updatedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.status, "refunding")))
        .returning({ id: orders.id });
      if (!moved) return false;
      await queueRefundNotice(tx, deps.appOrigin, { ...order, status: "refunded", refundedAt: now });
      return true;
    });
    if (done) {
      refunded += 1;
      deps.log.info({ orderId: order.id, provider: order.provider, reference: result.reference }, "duplicate payment refunded");
    }
  }
  if (refunded > 0) deps.mail.kick();
  return refunded;
}
