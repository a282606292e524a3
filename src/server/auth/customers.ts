import { eq } from "drizzle-orm";
import type { Customer } from "#schemas/api/auth.ts";
import type { Db } from "../db/client.ts";
import { customers } from "../db/schema.ts";
import type { SessionCustomer } from "./sessions.ts";

export const customerView = (c: SessionCustomer): Customer => ({ id: c.id, email: c.email, is_onboarded: c.isOnboarded, is_staff: c.role === "staff" });

export async function findCustomerByEmail(db: Db, email: string) {
  const [row] = await db.select().from(customers).where(eq(customers.email, email));
  return row ?? null;
}

/** Creates the customer if new; returns nothing either way, so callers cannot tell which. */
export async function ensureCustomer(db: Db, email: string): Promise<void> {
  await db.insert(customers).values({ email }).onConflictDoNothing({ target: customers.email });
}

/** Whether an address is this customer's own (addresses are compared case-insensitively). */
export const isOwnAddress = (customer: { email: string }, email: string) => customer.email.toLowerCase() === email.toLowerCase();
