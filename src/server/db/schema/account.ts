import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, text, timestamp, uuid, index, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { customers } from "./customers.ts";

/** What customers keep and book in their account (tool entries, coaching sessions) and the feedback they send. */

/**
 * What a customer saved in an interactive tool (a card sort, a worksheet, a calculation, a weekly
 * audit): one row per saved entry, `data` validated by the tool kind's schema before it is written.
 */
export const toolEntries = pgTable(
  "tool_entries",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    toolName: text("tool_name").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tool_entries_customer_tool_idx").on(t.customerId, t.toolName)],
);

/**
 * Coaching sessions booked from the account. One coach's calendar: a start time holds at most one
 * live booking (the partial unique index backs up the calendar lock that serialises every change,
 * so overlapping sessions cannot both be booked). Moving a booking changes its times and bumps
 * `sequence`, so the customer's calendar updates the same event.
 */
export const coachBookings = pgTable(
  "coach_bookings",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** The session type's code in content/coaching. */
    sessionCode: text("session_code").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["booked", "cancelled"] })
      .notNull()
      .default("booked"),
    /** What the customer would like to talk about (optional, at most 1,000 characters). */
    note: text("note"),
    /** Bumped on every change, for the calendar file's SEQUENCE. */
    sequence: integer("sequence").notNull().default(0),
    createdAt: createdAt(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("coach_bookings_live_slot_idx")
      .on(t.startsAt)
      .where(sql`status = 'booked'`),
    index("coach_bookings_customer_idx").on(t.customerId),
  ],
);

/**
 * Ratings sent from the feedback pages (/feedback, /feedback-<topic>): 1–5 and an optional comment.
 * Kept without the sender's address; linked to the customer when they were logged in (and unlinked,
 * not deleted, when the account goes).
 */
export const feedback = pgTable(
  "feedback",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** general, or the topic of the report it is about (schemas/pages/feedback-forms.ts). */
    form: text("form").notNull(),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    /** The prompt code of the report the page was opened from, if any. */
    promptCode: text("prompt_code"),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_form_created_idx").on(t.form, t.createdAt)],
);
