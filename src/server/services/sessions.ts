import type { Role } from "#schemas/api/admin-roles.ts";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { customers, sessions } from "../db/schema.ts";
import { addSeconds, type Clock } from "./clock.ts";
import { hashSecretToken, newSecretToken } from "./secret-token.ts";

const DAY = 24 * 60 * 60;
/** Sliding inactivity timeout, extended when less than half is left; and an absolute lifetime. */
export const SESSION_IDLE_SECONDS = 30 * DAY;
const SESSION_ABSOLUTE_SECONDS = 90 * DAY;

export type SessionCustomer = { id: string; email: string; isOnboarded: boolean; role: Role };

export function createSessions(db: Db, clock: Clock) {
  return {
    /** A fresh random session; the caller sets the returned token as the cookie. */
    async create(customerId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = newSecretToken();
      const now = clock.now();
      const expiresAt = addSeconds(now, SESSION_IDLE_SECONDS);
      await db.insert(sessions).values({
        idHash: hashSecretToken(token),
        customerId,
        createdAt: now,
        expiresAt,
        absoluteExpiresAt: addSeconds(now, SESSION_ABSOLUTE_SECONDS),
      });
      return { token, expiresAt };
    },

    /** The customer behind a cookie value, or null; slides the expiry forward when due. */
    async resolve(token: string): Promise<{ customer: SessionCustomer; renewedUntil?: Date } | null> {
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
        })
        .from(sessions)
        .innerJoin(customers, eq(customers.id, sessions.customerId))
        .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now), gt(sessions.absoluteExpiresAt, now)));
      if (!row) return null;
      const customer = { id: row.id, email: row.email, isOnboarded: row.isOnboarded, role: row.role };
      if (row.expiresAt.getTime() - now.getTime() > (SESSION_IDLE_SECONDS * 1000) / 2) return { customer };
      const slid = addSeconds(now, SESSION_IDLE_SECONDS);
      const renewedUntil = slid < row.absoluteExpiresAt ? slid : row.absoluteExpiresAt;
      await db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.idHash, idHash));
      return { customer, renewedUntil };
    },

    async destroy(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, hashSecretToken(token)));
    },

    async destroyAllFor(customerId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.customerId, customerId));
    },
  };
}
