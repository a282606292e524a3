import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { authTokens } from "../db/schema.ts";
import { addSeconds, type Clock } from "./clock.ts";
import { hashSecretToken, newSecretToken } from "./secret-token.ts";

export type TokenPurpose = "login" | "reset" | "email_change";

/** ASVS 6.5.5: out-of-band login codes live at most 10 minutes; reset links an hour; a new address is confirmed within a day. */
export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = { login: 10 * 60, reset: 60 * 60, email_change: 24 * 60 * 60 };

export function createAuthTokens(db: Db, clock: Clock) {
  return {
    /**
     * Issues a single-use token bound to purpose, customer and address; older unused ones stop working.
     * Pass `tx` to issue it inside the caller's transaction (with the e-mail that carries it).
     */
    async issue(customerId: string, email: string, purpose: TokenPurpose, tx?: Db): Promise<string> {
      const token = newSecretToken();
      const now = clock.now();
      const write = async (q: Db) => {
        await q
          .update(authTokens)
          .set({ usedAt: now })
          .where(and(eq(authTokens.customerId, customerId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
        await q.insert(authTokens).values({
          tokenHash: hashSecretToken(token),
          customerId,
          purpose,
          email,
          createdAt: now,
          expiresAt: addSeconds(now, TOKEN_TTL_SECONDS[purpose]),
        });
      };
      await (tx ? write(tx) : db.transaction(write));
      return token;
    },

    /** Marks the token used in one statement, so two concurrent uses cannot both succeed. */
    async consume(token: string, purpose: TokenPurpose, email?: string): Promise<{ customerId: string; email: string } | null> {
      const now = clock.now();
      const conditions = [
        eq(authTokens.tokenHash, hashSecretToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ];
      if (email !== undefined) conditions.push(eq(authTokens.email, email));
      const [row] = await db
        .update(authTokens)
        .set({ usedAt: now })
        .where(and(...conditions))
        .returning({ customerId: authTokens.customerId, email: authTokens.email });
      return row ?? null;
    },
  };
}

export type AuthTokens = ReturnType<typeof createAuthTokens>;
