import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { authTokens, type TOKEN_PURPOSES } from "../db/schema.ts";
import { addSeconds, type Clock } from "../platform/clock.ts";
import { hashSecretToken, newSecretToken } from "../platform/secret-token.ts";

export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/**
 * ASVS 6.5.5: out-of-band login codes live at most 10 minutes; reset links and the old address's
 * approval of a change an hour; a new address is confirmed within a day; a deletion link is a
 * fresh proof, so it lives 30 minutes; a staff invitation waits a day for its reader, like a new
 * address's confirmation.
 */
export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  login: 10 * 60,
  reset: 60 * 60,
  email_change: 24 * 60 * 60,
  email_change_authorize: 60 * 60,
  account_deletion: 30 * 60,
  staff_invite: 24 * 60 * 60,
};

/**
 * What else a token must match to be used: the address it was issued for (a login link), or the
 * customer it belongs to. A logged-in caller always passes `customerId`, so another account's token
 * is refused and stays unused for its owner.
 */
export type TokenMatch = { email?: string; customerId?: string };

export function createAuthTokens(db: Db, clock: Clock) {
  /** Unused, unexpired, of this purpose, and matching the address or owner asked for. */
  const usable = (token: string, purpose: TokenPurpose, match: TokenMatch) =>
    and(
      eq(authTokens.tokenHash, hashSecretToken(token)),
      eq(authTokens.purpose, purpose),
      isNull(authTokens.usedAt),
      gt(authTokens.expiresAt, clock.now()),
      match.email === undefined ? undefined : eq(authTokens.email, match.email),
      match.customerId === undefined ? undefined : eq(authTokens.customerId, match.customerId),
    );
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

    /**
     * Marks the token used in one statement, so two concurrent uses cannot both succeed. A token
     * that does not match (`match`) is left as it is.
     */
    async consume(token: string, purpose: TokenPurpose, match: TokenMatch = {}): Promise<{ customerId: string; email: string } | null> {
      const [row] = await db
        .update(authTokens)
        .set({ usedAt: clock.now() })
        .where(usable(token, purpose, match))
        .returning({ customerId: authTokens.customerId, email: authTokens.email });
      return row ?? null;
    },

    /** Whether the token could be used now, without using it (a step that may still fail comes first). */
    async check(token: string, purpose: TokenPurpose, match: TokenMatch = {}): Promise<{ customerId: string; email: string } | null> {
      const [row] = await db
        .select({ customerId: authTokens.customerId, email: authTokens.email })
        .from(authTokens)
        .where(usable(token, purpose, match));
      return row ?? null;
    },
  };
}

export type AuthTokens = ReturnType<typeof createAuthTokens>;
