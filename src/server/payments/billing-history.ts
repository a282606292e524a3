import { and, desc, eq, isNotNull, or } from "drizzle-orm";
import type { BillingLine, Receipt } from "#schemas/api/billing.ts";
import type { Db } from "../db/client.ts";
import { customers, orders, products } from "../db/schema.ts";
import { HttpError } from "../errors.ts";
import type { ProviderCode } from "./provider.ts";

/** Orders that moved money: paid (also one being refunded) or refunded. Pending and declined ones never charged anything. */
const movedMoney = or(isNotNull(orders.paidAt), isNotNull(orders.refundedAt));

const PAYMENT_METHOD: Record<ProviderCode, string> = { max_pay: "Card, through Maxpay", pay_pro: "Card, through PayPro Global" };

type Row = {
  id: string;
  kind: "initial" | "renewal";
  amount: number;
  currency: string;
  paidAt: Date | null;
  refundedAt: Date | null;
  createdAt: Date;
  planName: string;
};

/** When the money was taken: a refund that came before the payment notice still had a charge before it. */
const chargedAt = (r: Row) => r.paidAt ?? r.refundedAt ?? r.createdAt;

const lines = (r: Row): BillingLine[] => {
  const base = { order_id: r.id, order_kind: r.kind, amount: r.amount, currency: r.currency, plan_name: r.planName };
  const charge: BillingLine = { ...base, id: `${r.id}:charge`, type: "charge", at: chargedAt(r).toISOString() };
  return r.refundedAt ? [{ ...base, id: `${r.id}:refund`, type: "refund", at: r.refundedAt.toISOString() }, charge] : [charge];
};

/** Every charge and refund of the customer, newest first; a refund is its own line, after (above) the charge it gives back. */
export async function billingHistory(db: Db, customerId: string): Promise<BillingLine[]> {
  const rows = await db
    .select({
      id: orders.id,
      kind: orders.kind,
      amount: orders.amount,
      currency: orders.currency,
      paidAt: orders.paidAt,
      refundedAt: orders.refundedAt,
      createdAt: orders.createdAt,
      planName: products.name,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.customerId, customerId), movedMoney))
    .orderBy(desc(orders.createdAt));
  return rows.flatMap(lines).sort((a, b) => b.at.localeCompare(a.at) || (a.type === b.type ? 0 : a.type === "refund" ? -1 : 1));
}

/** One of the customer's charges as a receipt; 404 for an order of anyone else, or one that never charged. */
export async function receiptOf(db: Db, customerId: string, orderId: string, seller: Receipt["seller"]): Promise<Receipt> {
  const [row] = await db
    .select({ order: orders, planName: products.name, period: products.period, trialDays: products.trialDays, email: customers.email })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), movedMoney));
  if (!row) throw new HttpError(404, "not_found", "No such receipt");
  const { order } = row;
  return {
    order_id: order.id,
    order_kind: order.kind,
    plan_name: row.planName,
    period: row.period,
    trial_days: order.kind === "initial" ? row.trialDays : 0,
    amount: order.amount,
    currency: order.currency,
    paid_at: chargedAt({ ...order, planName: row.planName }).toISOString(),
    refunded_at: order.refundedAt?.toISOString() ?? null,
    provider_reference: order.providerOrderId,
    payment_method: PAYMENT_METHOD[order.provider],
    customer_email: row.email,
    seller,
  };
}
