import { and, eq, exists, or, sql, type Column, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { entitlements, orders, quizSessions, reportRequests } from "../db/schema.ts";

/**
 * Whether a customer holds a report in full (ADR 052): the one rule every read of a full report
 * goes through — the result page, the account's list, the API and the PDFs. A report is held while
 *
 * - the customer holds an entitlement to its kind (bought, or included in a plan: ADR 017), or
 * - the customer's own order that paid for this quiz is still `paid`.
 *
 * A refund takes both away in one place (`endRefundedOrder`): the order becomes `refunded`, and the
 * entitlements it granted — its own report and every report its plan included, which name the
 * plan's first order — are deleted. Nothing else ends a report: a cancelled or ended plan does not.
 */
type Ref = Column | string;

function reportHeld(db: Db, who: { customerId: Ref; quizSessionId: Ref; reportCode: Ref }): SQL<boolean> {
  const held = or(
    exists(
      db
        .select({ one: sql`1` })
        .from(entitlements)
        .where(and(eq(entitlements.customerId, who.customerId), eq(entitlements.reportCode, who.reportCode))),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(orders)
        .where(and(eq(orders.quizSessionId, who.quizSessionId), eq(orders.customerId, who.customerId), eq(orders.status, "paid"))),
    ),
  );
  return sql<boolean>`(${held})`;
}

/** The same rule for one row of `report_requests` (the account's list and downloads). */
export const requestHeld = (db: Db) =>
  reportHeld(db, { customerId: reportRequests.customerId, quizSessionId: reportRequests.quizSessionId, reportCode: reportRequests.reportCode });

/** Whether this customer holds this quiz session's report now (the result page and its PDF). */
export async function holdsSessionReport(db: Db, customerId: string, quizSessionId: string, reportCode: string): Promise<boolean> {
  const [row] = await db
    .select({ id: quizSessions.id })
    .from(quizSessions)
    .where(and(eq(quizSessions.id, quizSessionId), reportHeld(db, { customerId, quizSessionId, reportCode })));
  return row !== undefined;
}
