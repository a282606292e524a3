import { sql } from "drizzle-orm";
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, index, uniqueIndex } from "drizzle-orm/pg-core";
import { ORDER_STATUSES } from "#schemas/api/payments.ts";
import { BILLING_PERIODS } from "#schemas/content/product.ts";
import { PROVIDER_CODES } from "#server/payments/provider-codes.ts";
import { createdAt } from "./columns.ts";
import { customers } from "./customers.ts";
import { type QuizAttribution, quizSessions } from "./quiz.ts";

/** Money: the products for sale, orders, provider notifications and the provider ids bound to our orders. */

export type ProductPrices = Record<string, { first: number; renewal: number }>;

/** Plans for sale, synced from content/products (prices in minor units per currency). */
export const products = pgTable("products", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  summary: text("summary").notNull(),
  includes: jsonb("includes").$type<string[]>().notNull(),
  badge: text("badge"),
  trialDays: integer("trial_days").notNull(),
  period: text("period", { enum: BILLING_PERIODS }).notNull(),
  prices: jsonb("prices").$type<ProductPrices>().notNull(),
  sortOrder: integer("sort_order").notNull(),
  /** Retired plans stay for the orders and subscriptions that use them. */
  active: boolean("active").notNull().default(true),
  contentHash: text("content_hash").notNull(),
  sourceFile: text("source_file").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One payment attempt: the first purchase, or a renewal charge. The amount comes from `products`, never from a browser. */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    quizSessionId: uuid("quiz_session_id").references(() => quizSessions.id, { onDelete: "set null" }),
    /** The report (prompt code) the purchase unlocks, from the quiz session's flow. */
    reportCode: text("report_code"),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    provider: text("provider", { enum: PROVIDER_CODES }).notNull(),
    kind: text("kind", { enum: ["initial", "renewal"] }).notNull(),
    subscriptionId: uuid("subscription_id"),
    currency: text("currency").notNull(),
    /** Minor units (cents). */
    amount: integer("amount").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    providerOrderId: text("provider_order_id"),
    variants: jsonb("variants").$type<Record<string, string>>().notNull().default({}),
    attribution: jsonb("attribution").$type<QuizAttribution>(),
    /** When the provider says the newest event it told us about happened; older events do not undo newer ones. */
    lastEventAt: timestamp("last_event_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When the money went back (a refund or chargeback we were told of, or one we made). */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /**
     * A second payment for a quiz already paid (ADR 035): the order that paid it first. Such an order
     * grants nothing and is refunded; the funnel report leaves it out of conversions and refunds.
     */
    duplicateOf: uuid("duplicate_of"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_customer_idx").on(t.customerId),
    index("orders_subscription_idx").on(t.subscriptionId),
    index("orders_quiz_session_idx").on(t.quizSessionId),
  ],
);

/** The inbox of provider notifications: each stored once (provider + event key), then processed. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    provider: text("provider", { enum: PROVIDER_CODES }).notNull(),
    eventKey: text("event_key").notNull(),
    type: text("type").notNull(),
    status: text("status", { enum: ["received", "processed", "ignored", "needs_review", "unknown"] })
      .notNull()
      .default("received"),
    orderId: uuid("order_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }),
    note: text("note"),
    receivedAt: createdAt(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("payment_events_provider_key_idx").on(t.provider, t.eventKey)],
);

/**
 * Which of our orders a provider's own order or transaction id belongs to, fixed by the first
 * verified notification that named it. A later notification with the same provider id can only
 * act on that order, whatever unsigned fields it carries.
 */
export const paymentProviderRefs = pgTable(
  "payment_provider_refs",
  {
    provider: text("provider", { enum: PROVIDER_CODES }).notNull(),
    providerOrderId: text("provider_order_id").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerOrderId] }), index("payment_provider_refs_order_idx").on(t.orderId)],
);
