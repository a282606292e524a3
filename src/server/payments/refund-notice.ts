import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { customers } from "../db/schema.ts";
import { queueMail } from "../mail/mail-queue.ts";
import { paymentRefundedNoticeEmail } from "../mail/templates/payment-refunded-notice.ts";
import { duplicatePaymentRefundedEmail } from "../mail/templates/payment-refunded.ts";
import { deletedAddress } from "../auth/deleted-address.ts";
import type { Order } from "./orders.ts";
import { productById } from "./products.ts";

/**
 * The notice that a payment went back — a refund made in the provider's console, a chargeback, or
 * a duplicate payment we refunded — queued in the transaction that records it: once per order, to
 * the payer, in their time zone. A deleted account has no address left to write to.
 */
export async function queueRefundNotice(tx: Db, appOrigin: string, order: Order): Promise<void> {
  const [customer] = await tx.select({ email: customers.email, timeZone: customers.timeZone }).from(customers).where(eq(customers.id, order.customerId));
  if (!customer || customer.email === deletedAddress(order.customerId)) return;
  // A duplicate payment of a quiz already paid: its plan and reports are not touched (ADR 035).
  if (order.duplicateOf) {
    const message = duplicatePaymentRefundedEmail({ to: customer.email, appOrigin, amount: order.amount, currency: order.currency, orderId: order.id });
    await queueMail(tx, "payment-refunded", message, { dedupeKey: `mail:refund:${order.id}` });
    return;
  }
  const product = await productById(tx, order.productId);
  const message = paymentRefundedNoticeEmail({
    to: customer.email,
    appOrigin,
    planName: product?.name ?? order.productId,
    currency: order.currency,
    amount: order.amount,
    orderId: order.id,
    refundedAt: order.refundedAt ?? new Date(),
    kind: order.kind,
    timeZone: customer.timeZone,
  });
  await queueMail(tx, "payment-refunded", message, { dedupeKey: `mail:refund:${order.id}` });
}
