import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { entitlements } from "../db/schema.ts";
import { customerSubscriptions, subscriptionViewOf } from "./subscriptions.ts";
import type { SubscriptionRow } from "./subscriptions-provider.ts";

/**
 * Whether a subscription still gives access: an active one does (the renewal job extends it or
 * moves it to past_due); a paused or cancelled one until the end of the period paid for; a
 * past_due or ended one does not.
 */
export function subscriptionGivesAccess(sub: Pick<SubscriptionRow, "status" | "currentPeriodEnd">, now: Date): boolean {
  if (sub.status === "active") return true;
  if (sub.status === "paused" || sub.status === "cancelled") return now < sub.currentPeriodEnd;
  return false;
}

/**
 * The reports the customer unlocked, their subscriptions, and whether the account's content is
 * unlocked now (ADR 017): some subscription gives access, whether or not it was bought with a quiz.
 */
export async function paidContent(db: Db, customerId: string, now: Date, discountPercents: readonly number[]) {
  const granted = await db
    .select({ reportCode: entitlements.reportCode, grantedAt: entitlements.grantedAt, orderId: entitlements.orderId })
    .from(entitlements)
    .where(eq(entitlements.customerId, customerId))
    .orderBy(asc(entitlements.grantedAt), asc(entitlements.reportCode));
  const subs = await customerSubscriptions(db, customerId);
  const reports = new Map<string, { report_code: string; granted_at: string; order_id: string }>();
  for (const g of granted) reports.set(g.reportCode, { report_code: g.reportCode, granted_at: g.grantedAt.toISOString(), order_id: g.orderId });
  return {
    reports: [...reports.values()],
    subscriptions: subs.map((s) => subscriptionViewOf(s, discountPercents)),
    has_access: subs.some(({ sub }) => subscriptionGivesAccess(sub, now)),
  };
}
