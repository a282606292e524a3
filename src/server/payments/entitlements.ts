import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { entitlements, reportRequests } from "../db/schema.ts";

type Conn = Db | Tx;

/** Grants a report to a customer for a paid order (once: a second grant of the same report is a no-op). */
export async function grantReport(db: Conn, input: { customerId: string; reportCode: string; orderId: string; at: Date }): Promise<void> {
  await db
    .insert(entitlements)
    .values({ customerId: input.customerId, reportCode: input.reportCode, orderId: input.orderId, grantedAt: input.at })
    .onConflictDoNothing();
}

/**
 * Takes back what a refunded order granted: its own report, and every report its plan included
 * (those name the plan's first order). Every read of a full report asks report-holdings.ts, so
 * this is the whole of a refund's effect on reports (ADR 052).
 */
export async function revokeOrder(db: Conn, orderId: string): Promise<void> {
  await db.delete(entitlements).where(eq(entitlements.orderId, orderId));
}

/** Queues the personal report of a quiz session (once per session); returns its status. */
export async function ensureReportRequest(
  db: Conn,
  input: { customerId: string; quizSessionId: string; reportCode: string; at: Date },
): Promise<(typeof reportRequests.$inferSelect)["status"]> {
  await db
    .insert(reportRequests)
    .values({ ...input, status: "queued", createdAt: input.at, updatedAt: input.at })
    .onConflictDoNothing();
  const [row] = await db.select({ status: reportRequests.status }).from(reportRequests).where(eq(reportRequests.quizSessionId, input.quizSessionId));
  return row!.status;
}
