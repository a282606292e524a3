import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, text, timestamp, uuid, index } from "drizzle-orm/pg-core";
import { PROVIDER_CODES } from "#server/payments/provider-codes.ts";
import { createdAt } from "./columns.ts";
import { customers } from "./customers.ts";
import { orders, products } from "./payments.ts";

/** Subscriptions to a plan and every change made to them. */

/** A customer's subscription to a plan. We own the schedule: renewals are charged by our job. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    provider: text("provider", { enum: PROVIDER_CODES }).notNull(),
    /** The first order, which created it. */
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id),
    currency: text("currency").notNull(),
    /** The regular renewal price in minor units, before any discount. */
    renewalAmount: integer("renewal_amount").notNull(),
    status: text("status", { enum: ["active", "paused", "cancelled", "ended", "past_due"] }).notNull(),
    /** Paid access runs to the end of the current period, also after a cancel. */
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    /** When the renewal job charges next; null once cancelled or ended. */
    nextChargeAt: timestamp("next_charge_at", { withTimezone: true }),
    pausedUntil: timestamp("paused_until", { withTimezone: true }),
    discountPercent: integer("discount_percent"),
    discountAppliedAt: timestamp("discount_applied_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    providerSubscriptionId: text("provider_subscription_id"),
    /** The provider's token for merchant-initiated renewals (Maxpay billToken). */
    billToken: text("bill_token"),
    /** Set by the renewal job while it charges this subscription; a crashed run's claim expires. */
    renewalClaimedUntil: timestamp("renewal_claimed_until", { withTimezone: true }),
    lastEventAt: timestamp("last_event_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("subscriptions_customer_idx").on(t.customerId), index("subscriptions_next_charge_idx").on(t.nextChargeAt)],
);

/** Every change a customer or the renewal job makes to a subscription, once per idempotency key. */
export const subscriptionActions = pgTable(
  "subscription_actions",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["pause", "resume", "discount", "cancel", "restart", "renewal", "end", "reminder", "renewal_reminder"] }).notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
    providerRef: text("provider_ref"),
    createdAt: createdAt(),
  },
  (t) => [index("subscription_actions_subscription_idx").on(t.subscriptionId)],
);
