import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { customers } from "../db/schema.ts";
import { queueMail } from "../mail/mail-queue.ts";
import { receiptEmail } from "../mail/templates/receipt.ts";
import { TOKEN_TTL_SECONDS, type AuthTokens } from "../auth/auth-tokens.ts";
import type { Fulfilment, PaymentMails } from "./payment-mails.ts";
import { queueRefundNotice } from "./refund-notice.ts";

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
    report: f.report && { code: f.report.code, ready: f.report.status === "ready" },
    timeZone: customer?.timeZone ?? null,
  });
  await queueMail(tx, "receipt", message, { dedupeKey: `receipt:${f.order.id}` });
}

/** Every e-mail a payment notification sends, bound to the app's tokens and origin. */
export const paymentMails = (deps: ReceiptDeps): PaymentMails => ({
  receipt: (tx, f) => queueReceipt(tx, deps, f),
  refund: (tx, order) => queueRefundNotice(tx, deps.appOrigin, order),
});
