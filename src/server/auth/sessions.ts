import type { Role } from "#schemas/api/admin-roles.ts";
import { and, eq, gt, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { customers, orders, sessions } from "../db/schema.ts";
import { addSeconds, type Clock } from "../platform/clock.ts";
import { hashSecretToken, newSecretToken } from "../platform/secret-token.ts";

const DAY = 24 * 60 * 60;
/** Sliding inactivity timeout, extended when less than half is left; and an absolute lifetime. */
export const SESSION_IDLE_SECONDS = 30 * DAY;
const SESSION_ABSOLUTE_SECONDS = 90 * DAY;

export type SessionCustomer = { id: string; email: string; isOnboarded: boolean; role: Role };

/**
 * What a session nobody proved the inbox for was made for (ADR 051): the order paid in that browser
 * and the quiz session it paid for. A proven session has none.
 */
export type Purchase = { orderId: string; quizSessionId: string | null };

export function createSessions(db: Db, clock: Clock) {
  async function insert(q: Db, customerId: string, purchaseOrderId: string | null) {
    const token = newSecretToken();
    const now = clock.now();
    const expiresAt = addSeconds(now, SESSION_IDLE_SECONDS);
    await q.insert(sessions).values({
      idHash: hashSecretToken(token),
      customerId,
      createdAt: now,
      expiresAt,
      absoluteExpiresAt: addSeconds(now, SESSION_ABSOLUTE_SECONDS),
      purchaseOrderId,
    });
    return { token, expiresAt };
  }

  return {
    /**
     * A fresh random session after a login that proved the inbox or knew the password; the caller
     * sets the returned token as the cookie. Every session of the customer that never proved the
     * inbox ends here (ADR 051): whoever typed the address and paid loses it once the owner logs in.
     */
    async create(customerId: string): Promise<{ token: string; expiresAt: Date }> {
      return db.transaction(async (tx) => {
        await tx.delete(sessions).where(and(eq(sessions.customerId, customerId), isNotNull(sessions.purchaseOrderId)));
        return insert(tx, customerId, null);
      });
    },

    /**
     * A session nobody proved the inbox for (the first-buyer login on the order page): it reaches
     * only the purchase of `orderId` (src/server/plugins/unproven-session.ts).
     */
    async createForPurchase(customerId: string, orderId: string): Promise<{ token: string; expiresAt: Date }> {
      return insert(db, customerId, orderId);
    },

    /**
     * The customer behind a cookie value, or null; slides the expiry forward when due. `purchase` is
     * set on a session nobody proved the inbox for (an order since deleted leaves an empty purchase).
     */
    async resolve(token: string): Promise<{ customer: SessionCustomer; purchase: Purchase | null; renewedUntil?: Date } | null> {
      const now = clock.now();
      const idHash = hashSecretToken(token);
      const [row] = await db
        .select({
          id: customers.id,
          email: customers.email,
          isOnboarded: customers.isOnboarded,
          role: customers.role,
          expiresAt: sessions.expiresAt,
          absoluteExpiresAt: sessions.absoluteExpiresAt,
          purchaseOrderId: sessions.purchaseOrderId,
          purchaseQuizSessionId: orders.quizSessionId,
        })
        .from(sessions)
        .innerJoin(customers, eq(customers.id, sessions.customerId))
        .leftJoin(orders, and(eq(orders.id, sessions.purchaseOrderId), eq(orders.customerId, sessions.customerId)))
        .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now), gt(sessions.absoluteExpiresAt, now)));
      if (!row) return null;
      const customer = { id: row.id, email: row.email, isOnboarded: row.isOnboarded, role: row.role };
      const purchase = row.purchaseOrderId === null ? null : { orderId: row.purchaseOrderId, quizSessionId: row.purchaseQuizSessionId };
      if (row.expiresAt.getTime() - now.getTime() > (SESSION_IDLE_SECONDS * 1000) / 2) return { customer, purchase };
      const slid = addSeconds(now, SESSION_IDLE_SECONDS);
      const renewedUntil = slid < row.absoluteExpiresAt ? slid : row.absoluteExpiresAt;
      await db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.idHash, idHash));
      return { customer, purchase, renewedUntil };
    },

    async destroy(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, hashSecretToken(token)));
    },

    async destroyAllFor(customerId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.customerId, customerId));
    },
  };
}
