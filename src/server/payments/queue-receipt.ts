import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { customers } from "../db/schema.ts";
import { queueMail } from "../mail/mail-queue.ts";
import { paymentRefundedNoticeEmail } from "../mail/templates/payment-refunded-notice.ts";
import { duplicatePaymentRefundedEmail } from "../mail/templates/payment-refunded.ts";
import { receiptEmail } from "../mail/templates/receipt.ts";
import { TOKEN_TTL_SECONDS, type AuthTokens } from "../services/auth-tokens.ts";
import { deletedAddress } from "../services/account-deletion.ts";
import type { Order } from "../services/orders.ts";
import type { Fulfilment, PaymentMails } from "../services/payment-mails.ts";
import { productById } from "../services/products.ts";

export type ReceiptDeps = { authTokens: AuthTokens; appOrigin: string };

/**
 * The receipt with a login link, queued inside the payment's transaction: the order, its login
 * token and its e-mail commit together, so a crash after the commit cannot lose the receipt (the
 * provider's retry is a duplicate and would never send it). Only the delivery that fulfilled the
 * order gets here, and `receipt:<order>` is queued at most once whatever happens.
 */
async function queueReceipt(tx: Db, deps: ReceiptDeps, f: Fulfilment): Promise<void> {
  const token = await deps.authTokens.issue(f.order.customerId, f.email, "login", tx);
  const loginUrl = `${deps.appOrigin}/login?email=${encodeURIComponent(f.email)}&tmp_token=${encodeURIComponent(token)}`;
  const sub = f.subscription;
  const [customer] = await tx.select({ timeZone: customers.timeZone }).from(customers).where(eq(customers.id, f.order.customerId));
  const message = receiptEmail({
    to: f.email,
    appOrigin: deps.appOrigin,
    planName: f.product.name,
    currency: f.order.currency,
    amount: f.order.amount,
    orderId: f.order.id,
    paidAt: f.order.paidAt ?? new Date(),
    renewal: sub && sub.nextChargeAt ? { at: sub.nextChargeAt, amount: sub.renewalAmount, period: f.product.period } : null,
    loginUrl,
    loginMinutes: TOKEN_TTL_SECONDS.login / 60,
    timeZone: customer?.timeZone ?? null,
  });
  await queueMail(tx, "receipt", message, { dedupeKey: `receipt:${f.order.id}` });
}

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

/** Every e-mail a payment notification sends, bound to the app's tokens and origin. */
export const paymentMails = (deps: ReceiptDeps): PaymentMails => ({
  receipt: (tx, f) => queueReceipt(tx, deps, f),
  refund: (tx, order) => queueRefundNotice(tx, deps.appOrigin, order),
});
