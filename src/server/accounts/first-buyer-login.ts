import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { customers, orders, quizSessions, quizSessionVisitors } from "../db/schema.ts";

/** How long after paying the paying browser is logged in on its first look at the order. */
const WINDOW_MINUTES = 60;

/**
 * The customer to log in, in the browser that paid, when this very checkout created the account:
 * the order is paid (within the hour), it came from a quiz session this browser started or resumed,
 * the customer was created during that session (by its e-mail step), has no password, and has no
 * other paid order. For an address that already had an account nothing is returned: typing
 * someone's e-mail and paying must never open their account (the e-mailed link is needed).
 */
export async function firstBuyerToLogIn(db: Db, orderId: string, visitorId: string | null, now: Date): Promise<string | null> {
  if (!visitorId) return null;
  const since = new Date(now.getTime() - WINDOW_MINUTES * 60_000);
  const [row] = await db
    .select({ customerId: customers.id })
    .from(orders)
    .innerJoin(quizSessions, eq(quizSessions.id, orders.quizSessionId))
    .innerJoin(quizSessionVisitors, and(eq(quizSessionVisitors.sessionId, quizSessions.id), eq(quizSessionVisitors.visitorId, visitorId)))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, "paid"),
        sql`${orders.paidAt} >= ${since.toISOString()}`,
        sql`${customers.createdAt} >= ${quizSessions.createdAt}`,
        sql`${customers.passwordHash} is null`,
        sql`not exists (select 1 from ${orders} other where other.customer_id = ${customers.id} and other.status = 'paid' and other.id <> ${orderId})`,
      ),
    );
  return row?.customerId ?? null;
}
