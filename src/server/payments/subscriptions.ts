import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { subscriptionView } from "#schemas/api/payments.ts";
import type { Db } from "../db/client.ts";
import { products, subscriptions } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { discounted } from "./money.ts";
import type { Period } from "#schemas/content/billing-dates.ts";
import type { SubscriptionRow } from "./subscriptions-provider.ts";

export type SubscriptionView = z.infer<typeof subscriptionView>;
export type SubscriptionWithPlan = { sub: SubscriptionRow; planName: string; period: Period };

const withPlan = { sub: subscriptions, planName: products.name, period: products.period } as const;

/** The customer's subscriptions with their plan, oldest first. */
export async function customerSubscriptions(db: Db, customerId: string): Promise<SubscriptionWithPlan[]> {
  return db
    .select(withPlan)
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(eq(subscriptions.customerId, customerId))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
}

/** One of the customer's subscriptions; someone else's (or an unknown id) is a 404, indistinguishable. */
export async function ownedSubscription(db: Db, customerId: string, subId: string): Promise<SubscriptionWithPlan> {
  const [row] = await db
    .select(withPlan)
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(and(eq(subscriptions.id, subId), eq(subscriptions.customerId, customerId)));
  if (!row) throw notFound("Subscription");
  return row;
}

/** What the cancel flow may still offer: a pause while active, the first allowed discount once. */
function offersFor(sub: SubscriptionRow, discountPercents: readonly number[]): SubscriptionView["offers"] {
  const discountable = (sub.status === "active" || sub.status === "paused") && sub.discountAppliedAt === null;
  return { pause: sub.status === "active", discount_percent: discountable ? (discountPercents[0] ?? null) : null };
}

export function subscriptionViewOf({ sub, planName, period }: SubscriptionWithPlan, discountPercents: readonly number[]): SubscriptionView {
  return {
    id: sub.id,
    product_id: sub.productId,
    product_name: planName,
    status: sub.status,
    currency: sub.currency as SubscriptionView["currency"],
    next_charge_amount: sub.nextChargeAt ? discounted(sub.renewalAmount, sub.discountPercent) : null,
    next_charge_at: sub.nextChargeAt?.toISOString() ?? null,
    access_until: sub.currentPeriodEnd.toISOString(),
    paused_until: sub.pausedUntil?.toISOString() ?? null,
    discount_percent: sub.discountPercent,
    cancelled_at: sub.cancelledAt?.toISOString() ?? null,
    period,
    offers: offersFor(sub, discountPercents),
  };
}
