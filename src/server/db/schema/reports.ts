import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, index } from "drizzle-orm/pg-core";
import type { ReportDocument } from "#schemas/report/document.ts";
import { createdAt } from "./columns.ts";
import { customers } from "./customers.ts";
import { orders } from "./payments.ts";
import { quizSessions } from "./quiz.ts";
import { subscriptions } from "./subscriptions.ts";

/** Paid reports: what a customer may read, and the reports the worker builds. */

/** What a customer has paid for: one row per report unlocked by a paid order. */
export const entitlements = pgTable(
  "entitlements",
  {
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    reportCode: text("report_code").notNull(),
    /** The order that paid: for a report included in a plan, the plan's first order (a refund of it takes the report back). */
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** Set when the report came with a plan (ADR 017) rather than with its own purchase. */
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    grantedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.reportCode] })],
);

/** A personal report built from a completed quiz session by the report worker (src/server/reports/report-worker.ts). */
export const reportRequests = pgTable(
  "report_requests",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    quizSessionId: uuid("quiz_session_id")
      .notNull()
      .unique()
      .references(() => quizSessions.id, { onDelete: "cascade" }),
    reportCode: text("report_code").notNull(),
    status: text("status", { enum: ["queued", "generating", "ready", "failed"] })
      .notNull()
      .default("queued"),
    /** The built report (schemas/report/document.ts); rebuilt when its format changes. */
    document: jsonb("document").$type<ReportDocument>(),
    attempts: integer("attempts").notNull().default(0),
    /** When the worker may try again after a failure. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set by a worker while it builds this report; a crashed worker's claim expires. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("report_requests_customer_idx").on(t.customerId), index("report_requests_due_idx").on(t.status, t.nextAttemptAt)],
);
