import { sql } from "drizzle-orm";
import { date, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, index, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { quizSessions } from "./quiz.ts";
import { CHECKOUT_REFUSAL_REASONS } from "#schemas/api/checkout-refusals.ts";

/**
 * The funnel report's data: every event, each run's first view and answer of a step, the daily
 * counts kept from them (ADR 033) and refused checkouts (ADR 037).
 */

/**
 * Per funnel, UTC day the runs started and step: how many runs saw the step and answered it. Kept
 * by a trigger on quiz_session_steps (migration 0009), so the funnel report reads a row per day and
 * step instead of a row per run and step (ADR 033). Nothing personal: counts only.
 */
export const funnelStepDays = pgTable(
  "funnel_step_days",
  {
    flowCode: text("flow_code").notNull(),
    day: date("day").notNull(),
    stepId: text("step_id").notNull(),
    saw: integer("saw").notNull().default(0),
    answered: integer("answered").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.flowCode, t.day, t.stepId] })],
);

/** The same runs' whole seconds from first seeing a step to first answering it, counted per value (the report's median). */
export const funnelStepSeconds = pgTable(
  "funnel_step_seconds",
  {
    flowCode: text("flow_code").notNull(),
    day: date("day").notNull(),
    stepId: text("step_id").notNull(),
    seconds: integer("seconds").notNull(),
    runs: integer("runs").notNull(),
  },
  (t) => [primaryKey({ columns: [t.flowCode, t.day, t.stepId, t.seconds] })],
);

/** Funnel analytics: every step view, answer and completion, with the variants the visitor saw. */
export const quizEvents = pgTable(
  "quiz_events",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => quizSessions.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["view", "answer", "complete"] }).notNull(),
    stepId: text("step_id"),
    variant: jsonb("variant").$type<Record<string, string>>().notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("quiz_events_session_idx").on(t.sessionId), index("quiz_events_type_step_idx").on(t.type, t.stepId)],
);

/**
 * Each run's first view and first answer of each step, kept as the events arrive (recordEvent and
 * the one-trip answer save). A trigger counts each change into funnel_step_days and
 * funnel_step_seconds (migration 0009); the funnel report reads these rows for the partial days at
 * the ends of its window (ADR 033).
 */
export const quizSessionSteps = pgTable(
  "quiz_session_steps",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => quizSessions.id, { onDelete: "cascade" }),
    stepId: text("step_id").notNull(),
    firstViewedAt: timestamp("first_viewed_at", { withTimezone: true }),
    firstAnsweredAt: timestamp("first_answered_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.stepId] })],
);

/**
 * Checkouts the app refused, with the checkout's reason (its error code: the rate limit, a quiz
 * not complete, no e-mail, …): the funnel report counts them apart from drop-off (ADR 037, 053).
 * One row per run and reason, however often it was refused (a flood of refused requests writes
 * nothing more).
 */
export const checkoutRefusals = pgTable(
  "checkout_refusals",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    quizSessionId: uuid("quiz_session_id")
      .notNull()
      .references(() => quizSessions.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: CHECKOUT_REFUSAL_REASONS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("checkout_refusals_session_reason_idx").on(t.quizSessionId, t.reason)],
);

/**
 * What the ads cost: one row per UTC day, `utm_source` and `utm_campaign` as the ads' links spell
 * them, imported by staff as a CSV (ADR 059, docs/analytics.md). A re-import of the same day,
 * source and campaign replaces the row. Money in minor units of `currency` (one the app sells in).
 */
export const adSpend = pgTable(
  "ad_spend",
  {
    day: date("day").notNull(),
    source: text("source").notNull(),
    campaign: text("campaign").notNull(),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.source, t.campaign] })],
);
