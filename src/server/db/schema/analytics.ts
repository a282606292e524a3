import { sql } from "drizzle-orm";
import { boolean, date, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, index, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { quizSessions } from "./quiz.ts";
import { CHECKOUT_REFUSAL_REASONS } from "#schemas/api/checkout-refusals.ts";

/**
 * The funnel report's data: every event, each run's first view and answer of a step, the daily
 * counts kept from them (ADR 033) and refused checkouts (ADR 037).
 */

/**
 * Per funnel, UTC day the runs started, the runs' variants (all their experiments' variants, `{}`
 * without any) and step: how many runs saw the step and answered it. Kept by a trigger on
 * quiz_session_steps (migrations 0009, 0021), so the funnel report and graph read a row per day,
 * variants and step instead of a row per run and step (ADR 033, 063). Nothing personal: counts only.
 */
export const funnelStepDays = pgTable(
  "funnel_step_days",
  {
    flowCode: text("flow_code").notNull(),
    day: date("day").notNull(),
    variants: jsonb("variants").$type<Record<string, string>>().notNull().default({}),
    stepId: text("step_id").notNull(),
    saw: integer("saw").notNull().default(0),
    answered: integer("answered").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.flowCode, t.day, t.variants, t.stepId] })],
);

/**
 * Each run's moves from one step straight to another, in the order of its views and answers (an
 * answer before a view at the same instant, a step repeated in a row read once): `times` is how
 * often the run made it, kept by a trigger on quiz_events as events arrive, in any order (migration
 * 0021, ADR 063). The funnel graph reads these rows for the partial days at the ends of its window.
 */
export const quizSessionMoves = pgTable(
  "quiz_session_moves",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => quizSessions.id, { onDelete: "cascade" }),
    fromStep: text("from_step").notNull(),
    toStep: text("to_step").notNull(),
    times: integer("times").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.fromStep, t.toStep] })],
);

/**
 * Per funnel, UTC day the runs started, variants and move: how many runs made it (a row of
 * quiz_session_moves each), kept by a trigger on quiz_session_moves (migration 0021): the funnel
 * graph's edges read a row per day, variants and move (ADR 063). Counts only.
 */
export const funnelMoveDays = pgTable(
  "funnel_move_days",
  {
    flowCode: text("flow_code").notNull(),
    day: date("day").notNull(),
    variants: jsonb("variants").$type<Record<string, string>>().notNull(),
    fromStep: text("from_step").notNull(),
    toStep: text("to_step").notNull(),
    runs: integer("runs").notNull(),
  },
  (t) => [primaryKey({ columns: [t.flowCode, t.day, t.variants, t.fromStep, t.toStep] })],
);

/**
 * Per funnel, UTC day the runs started and variants: how many runs there are by their last new
 * step (`''` when they recorded none) and whether they paid, kept by a trigger on quiz_sessions
 * (migration 0021): the funnel graph's visitors and drop-off per step (ADR 063). Counts only.
 */
export const funnelRunDays = pgTable(
  "funnel_run_days",
  {
    flowCode: text("flow_code").notNull(),
    day: date("day").notNull(),
    variants: jsonb("variants").$type<Record<string, string>>().notNull(),
    lastStep: text("last_step").notNull(),
    paid: boolean("paid").notNull(),
    runs: integer("runs").notNull(),
  },
  (t) => [primaryKey({ columns: [t.flowCode, t.day, t.variants, t.lastStep, t.paid] })],
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
  // In each run's order (time, an answer before a view, id): the run's events just before and just
  // after a new one (its moves, migration 0021) are one index probe each, however many share an instant.
  (t) => [
    index("quiz_events_session_order_idx").on(t.sessionId, t.at, sql`funnel_event_rank(${t.type})`, t.id),
    index("quiz_events_type_step_idx").on(t.type, t.stepId),
  ],
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
