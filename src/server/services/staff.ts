import { and, asc, eq } from "drizzle-orm";
import type { StaffMember } from "#schemas/api/admin.ts";
import { routePatterns } from "#schemas/pages/route-patterns.ts";
import type { Db } from "../db/client.ts";
import { customers } from "../db/schema.ts";
import { staffInviteEmail } from "../mail/templates/staff-invite.ts";
import { TOKEN_TTL_SECONDS, type AuthTokens } from "./auth-tokens.ts";
import { accountToken, loginLinkPage, queueMailLink } from "./mail-links.ts";

/**
 * Staff accounts (ADR 037): `npm run staff` and /api/admin/staff use these. A staff member is a
 * customer account with the staff role: they log in like anyone, and may also use /admin.
 */

/** Makes the address staff (a new account without a password when it has none) and queues a login link to it. */
export async function addStaff(db: Db, tokens: AuthTokens, appOrigin: string, email: string): Promise<{ email: string; created: boolean; console: string }> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(customers)
      .values({ email, role: "staff" })
      .onConflictDoNothing({ target: customers.email })
      .returning({ id: customers.id });
    const [row] = inserted.length
      ? inserted
      : await tx.update(customers).set({ role: "staff" }).where(eq(customers.email, email)).returning({ id: customers.id });
    await queueMailLink(tx, appOrigin, {
      issue: accountToken(tokens, row!.id, email, "login"),
      ...loginLinkPage(email),
      mail: (url) => ({ kind: "staff-invite", message: staffInviteEmail(email, url, TOKEN_TTL_SECONDS.login / 60) }),
    });
    return { email, created: inserted.length > 0, console: `${appOrigin}${routePatterns.adminHome}` };
  });
}

/** Takes staff access away (the account stays a customer's) and ends its sessions, so /admin closes at once. */
export async function removeStaff(db: Db, email: string, endSessions: (customerId: string) => Promise<void>): Promise<{ email: string; removed: boolean }> {
  const [row] = await db
    .update(customers)
    .set({ role: "customer" })
    .where(and(eq(customers.email, email), eq(customers.role, "staff")))
    .returning({ id: customers.id });
  if (row) await endSessions(row.id);
  return { email, removed: row !== undefined };
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({ email: customers.email, since: customers.createdAt })
    .from(customers)
    .where(eq(customers.role, "staff"))
    .orderBy(asc(customers.email));
  return rows.map((r) => ({ email: r.email, since: r.since.toISOString() }));
}
