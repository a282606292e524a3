import { and, eq } from "drizzle-orm";
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

/** Takes back what a refunded order granted. */
export async function revokeOrder(db: Conn, orderId: string): Promise<void> {
  await db.delete(entitlements).where(eq(entitlements.orderId, orderId));
}

export async function hasReport(db: Conn, customerId: string, reportCode: string): Promise<boolean> {
  const [row] = await db
    .select({ orderId: entitlements.orderId })
    .from(entitlements)
    .where(and(eq(entitlements.customerId, customerId), eq(entitlements.reportCode, reportCode)));
  return row !== undefined;
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
