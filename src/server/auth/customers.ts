import { eq } from "drizzle-orm";
import type { Customer } from "#schemas/api/auth.ts";
import type { Db } from "../db/client.ts";
import { customers } from "../db/schema.ts";
import type { SessionCustomer } from "./sessions.ts";

/** The logged-in customer as the API shows them; `firstName` is the account's (src/server/accounts/customer-name.ts). */
export const customerView = (c: SessionCustomer, firstName: string | null): Customer => ({
  id: c.id,
  email: c.email,
  is_onboarded: c.isOnboarded,
  is_staff: c.role === "staff",
  first_name: firstName,
});

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
