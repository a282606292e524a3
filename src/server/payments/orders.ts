import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { orderView } from "#schemas/api/payments.ts";
import type { Db, Tx } from "../db/client.ts";
import { orders, products, quizSessions, type QuizAttribution } from "../db/schema.ts";
import type { ProviderCode } from "./provider.ts";
import type { Clock } from "../platform/clock.ts";
import { browserHolds, type Caller } from "../quiz/quiz-sessions.ts";

export type Order = typeof orders.$inferSelect;
/** An order as its owner sees it; whether the browser is logged in is added by the route. */
export type OrderView = Omit<z.infer<typeof orderView>, "logged_in" | "account_open">;

export type NewOrder = {
  customerId: string;
  quizSessionId: string | null;
  reportCode: string | null;
  productId: string;
  provider: ProviderCode;
  currency: string;
  amount: number;
  variants: Record<string, string>;
  attribution: QuizAttribution | null;
};

/**
 * The order that paid for this quiz session's report, if any. An order under review counts too:
 * money was taken, so a second checkout would charge twice.
 */
export async function paidOrderOfSession(db: Db | Tx, quizSessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.quizSessionId, quizSessionId), inArray(orders.status, ["paid", "needs_review"])))
    .orderBy(asc(orders.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** What a checkout start gets: the order to pay, or word that the quiz's report is paid for already. */
export type CheckoutOrder = { order: Order; reused: boolean } | { alreadyPaid: true };

/**
 * The order a checkout pays: for a quiz session, its open order for the same plan, currency,
 * provider and payer when there is one (Back, a reload, a second tab), else a new one — never one
 * when the session's report is paid or under review. Checkouts of one session are serialised on its
 * row, so two tabs starting at once get the same order. Pending until a verified notification says
 * otherwise; a second payment that still arrives is refunded (payment-events.ts).
 */
export async function checkoutOrder(db: Db, clock: Clock, input: NewOrder): Promise<CheckoutOrder> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const sessionId = input.quizSessionId;
    if (sessionId) {
      await tx.select({ id: quizSessions.id }).from(quizSessions).where(eq(quizSessions.id, sessionId)).for("update");
      if (await paidOrderOfSession(tx, sessionId)) return { alreadyPaid: true as const };
      const [open] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.quizSessionId, sessionId),
            eq(orders.kind, "initial"),
            inArray(orders.status, ["pending", "declined"]),
            eq(orders.productId, input.productId),
            eq(orders.currency, input.currency),
            eq(orders.provider, input.provider),
            eq(orders.customerId, input.customerId),
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(1);
      if (open) return { order: open, reused: true };
    }
    const [row] = await tx
      .insert(orders)
      .values({ ...input, kind: "initial", status: "pending", createdAt: now, updatedAt: now })
      .returning();
    return { order: row!, reused: false };
  });
}

/**
 * Orders the caller may see: their customer's, and those started from a quiz session their browser
 * owns (a visitor who paid before logging in). Anyone else's order is as good as missing.
 */
function visibleTo(db: Db, caller: Caller): SQL {
  const conditions: SQL[] = [sql`false`];
  if (caller.customerId) conditions.push(eq(orders.customerId, caller.customerId));
  if (caller.visitorId) conditions.push(browserHolds(db, orders.quizSessionId, caller.visitorId));
  return or(...conditions)!;
}

/**
 * The order as the caller may see it, or null (missing, or someone else's). A browser that holds
 * its quiz session but is not logged in as its customer sees the status only (so the return page
 * can say "paid") and, once paid, what its purchase event reports (`conversion`); the plan and the
 * amount are for the order's logged-in customer (ADR 011).
 */
export async function ownedOrderView(db: Db, id: string, caller: Caller): Promise<OrderView | null> {
  const [row] = await db
    .select({
      customer_id: orders.customerId,
      id: orders.id,
      status: orders.status,
      product_id: orders.productId,
      product_name: products.name,
      currency: orders.currency,
      amount: orders.amount,
      report_code: orders.reportCode,
      flow_code: quizSessions.flowCode,
      duplicate_of: orders.duplicateOf,
      kind: orders.kind,
      trial_days: products.trialDays,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(quizSessions, eq(quizSessions.id, orders.quizSessionId))
    .where(and(eq(orders.id, id), visibleTo(db, caller)));
  if (!row) return null;
  const { customer_id, duplicate_of, kind, trial_days, ...order } = row;
  const currency = order.currency as NonNullable<OrderView["currency"]>;
  const view = {
    ...order,
    currency,
    flow_code: order.flow_code ?? null,
    other_payment_went_through: duplicate_of !== null && (await orderStatus(db, duplicate_of)) === "paid",
    // A first purchase that went through: the browser's purchase event (ADR 057) needs its value even when not logged in.
    conversion: order.status === "paid" && kind === "initial" && duplicate_of === null ? { amount: order.amount, currency, trial: trial_days > 0 } : null,
  };
  return caller.customerId === customer_id ? view : { ...view, product_id: null, product_name: null, currency: null, amount: null };
}

async function orderStatus(db: Db, id: string): Promise<Order["status"] | null> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row?.status ?? null;
}
