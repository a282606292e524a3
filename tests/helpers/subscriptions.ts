import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { vi } from "vitest";
import type { Db } from "#server/db/client.ts";
import { customers, entitlements, orders, products, subscriptions } from "#server/db/schema.ts";
import { addPeriod } from "#schemas/content/billing-dates.ts";
import { client } from "./test-app.ts";

/**
 * Test data for the subscription tests, inserted directly (the payments core's sandbox checkout and
 * webhook create the same rows in the real path): a monthly plan, a customer with a session, and a
 * paid initial order with its entitlement and subscription.
 */
export const TEST_PLAN = {
  id: "test_sub_monthly",
  name: "Career Test Monthly",
  period: "month" as const,
  renewal: 2999,
};

export async function ensureTestPlan(db: Db): Promise<void> {
  await db
    .insert(products)
    .values({
      id: TEST_PLAN.id,
      name: TEST_PLAN.name,
      summary: "A monthly plan used by the subscription tests.",
      includes: ["Everything a test needs"],
      trialDays: 0,
      period: TEST_PLAN.period,
      prices: { USD: { first: 999, renewal: TEST_PLAN.renewal } },
      sortOrder: 99,
      active: false,
      contentHash: "test",
      sourceFile: "tests/helpers/subscriptions.ts",
    })
    .onConflictDoNothing();
}

/** A customer and a browser logged in as them (a session made directly; call again after moving the clock far). */
export async function signedInCustomer(app: FastifyInstance, email: string, ip = "203.0.113.50") {
  await app.services.db.insert(customers).values({ email }).onConflictDoNothing();
  const [row] = await app.services.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
  const { token } = await app.services.sessions.create(row!.id);
  const browser = client(app, ip);
  browser.cookie = `sid=${token}`;
  return Object.assign(browser, { id: row!.id, email });
}

export type SubscriptionOverrides = Partial<typeof subscriptions.$inferInsert>;

/**
 * A paid initial order, its report entitlement and an active subscription whose first period
 * started a day before `now`; overrides change the subscription.
 */
export async function insertSubscription(db: Db, customerId: string, now: Date, overrides: SubscriptionOverrides = {}) {
  await ensureTestPlan(db);
  const start = new Date(now.getTime() - 86_400_000);
  const end = addPeriod(start, TEST_PLAN.period);
  const [order] = await db
    .insert(orders)
    .values({
      customerId,
      productId: TEST_PLAN.id,
      provider: "max_pay",
      kind: "initial",
      currency: "USD",
      amount: 999,
      status: "paid",
      reportCode: `career_${Math.random().toString(36).slice(2, 8)}`,
      paidAt: start,
    })
    .returning();
  const [sub] = await db
    .insert(subscriptions)
    .values({
      customerId,
      productId: TEST_PLAN.id,
      provider: "max_pay",
      orderId: order!.id,
      currency: "USD",
      renewalAmount: TEST_PLAN.renewal,
      status: "active",
      currentPeriodStart: start,
      currentPeriodEnd: end,
      nextChargeAt: end,
      billToken: "sandbox_token",
      ...overrides,
    })
    .returning();
  await db.update(orders).set({ subscriptionId: sub!.id }).where(eq(orders.id, order!.id));
  await db.insert(entitlements).values({ customerId, reportCode: order!.reportCode!, orderId: order!.id, grantedAt: start }).onConflictDoNothing();
  return sub!;
}

/** Spies on the app's sandbox provider: every call is counted, and `charges` lists real charges. */
export function spyProvider(app: FastifyInstance) {
  const provider = app.subscriptionProvider;
  const originalCharge = provider.charge.bind(provider);
  return {
    provider,
    /** The sandbox's own charge, to make a mocked call that charges and then "crashes". */
    originalCharge,
    charge: vi.spyOn(provider, "charge"),
    pause: vi.spyOn(provider, "pause"),
    applyDiscount: vi.spyOn(provider, "applyDiscount"),
    cancel: vi.spyOn(provider, "cancel"),
    restart: vi.spyOn(provider, "restart"),
  };
}

export const DAY_SECONDS = 86_400;
