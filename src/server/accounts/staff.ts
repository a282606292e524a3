import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { StaffInvited, StaffMember } from "#schemas/api/admin.ts";
import { routePatterns } from "#schemas/pages/route-patterns.ts";
import type { Db } from "../db/client.ts";
import { authTokens, customers } from "../db/schema.ts";
import { staffInviteEmail } from "../mail/templates/staff-invite.ts";
import { TOKEN_TTL_SECONDS, type AuthTokens } from "../auth/auth-tokens.ts";
import { accountToken, loginLinkPage, queueMailLink } from "../auth/mail-links.ts";

/**
 * Staff accounts (ADR 037): `npm run staff` and /api/admin/staff use these. A staff member is a
 * customer account with the staff role: they log in like anyone, and may also use /admin.
 */

/**
 * Invites the address to be staff: makes a customer account without a password when there is none,
 * and queues the invitation, whose single-use link alone grants the role (`acceptStaffInvite`, ADR
 * 051). An account that already existed keeps its role and its sessions until then: anyone may hold
 * a session for an address they do not own (the first-buyer login), and none of them may become
 * staff. `existed` says the address already had an account.
 */
export async function addStaff(db: Db, tokens: AuthTokens, appOrigin: string, email: string): Promise<StaffInvited> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(customers).values({ email }).onConflictDoNothing({ target: customers.email }).returning({ id: customers.id });
    const [row] = inserted.length ? inserted : await tx.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
    await queueMailLink(tx, appOrigin, {
      issue: accountToken(tokens, row!.id, email, "staff_invite"),
      ...loginLinkPage(email),
      mail: (url) => ({ kind: "staff-invite", message: staffInviteEmail(email, url, TOKEN_TTL_SECONDS.staff_invite / 3600) }),
    });
    return { email, existed: inserted.length === 0, console: `${appOrigin}${routePatterns.adminHome}` };
  });
}

/**
 * Uses a staff invitation (the login page posts its token like a login link's): the account becomes
 * staff. The caller then ends every session the account had, so that only the browser that opened
 * the invitation is staff. Null when the token is not a usable invitation for this address.
 */
export async function acceptStaffInvite(db: Db, tokens: AuthTokens, token: string, email: string): Promise<{ customerId: string } | null> {
  const used = await tokens.consume(token, "staff_invite", { email });
  if (!used) return null;
  const [row] = await db
    .update(customers)
    .set({ role: "staff" })
    .where(and(eq(customers.id, used.customerId), eq(customers.email, used.email)))
    .returning({ id: customers.id });
  return row ? { customerId: row.id } : null;
}

/**
 * Takes staff access away (the account stays a customer's) and ends its sessions, so /admin closes
 * at once; an invitation not yet used stops working too.
 */
export async function removeStaff(db: Db, email: string, endSessions: (customerId: string) => Promise<void>): Promise<{ email: string; removed: boolean }> {
  const { staff, invites } = await db.transaction(async (tx) => {
    const invites = await tx
      .update(authTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(authTokens.email, email), eq(authTokens.purpose, "staff_invite"), isNull(authTokens.usedAt)))
      .returning({ customerId: authTokens.customerId });
    const staff = await tx
      .update(customers)
      .set({ role: "customer" })
      .where(and(eq(customers.email, email), eq(customers.role, "staff")))
      .returning({ id: customers.id });
    return { staff, invites };
  });
  for (const { id } of staff) await endSessions(id);
  return { email, removed: staff.length + invites.length > 0 };
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({ email: customers.email, since: customers.createdAt })
    .from(customers)
    .where(eq(customers.role, "staff"))
    .orderBy(asc(customers.email));
  return rows.map((r) => ({ email: r.email, since: r.since.toISOString() }));
}
