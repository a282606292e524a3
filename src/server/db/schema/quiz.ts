import { sql } from "drizzle-orm";
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, index } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import type { ConsentRecord } from "#schemas/consent/consent.ts";
import type { ShownOrder } from "#schemas/flow/shuffle.ts";
import { customers } from "./customers.ts";

/** Quiz runs: who may continue them, and their latest answers. */

/** Where a quiz session came from (spec §7 tracking): the utmParams object, fbclid and ttclid. */
export type QuizAttribution = {
  utm?: Partial<Record<"utm_source" | "utm_medium" | "utm_campaign" | "utm_term" | "utm_content" | "utm_id" | "quiz_title", string>>;
  fbclid?: string;
  /** TikTok's click id from the landing URL (issue 28). */
  ttclid?: string;
};

/** The answers shape and scores shape are the engine's (src/engine/flow/types.ts). */
type StoredAnswer = string | number | string[] | { rating: number; comment?: string } | null;
export type StoredScores = {
  scales: { id: string; score: number; min: number; max: number; band?: string; answered: number; items: number }[];
  ranking: string[];
};

/**
 * One run through one funnel. Anonymous visitors own it through the visitor cookie (only its
 * SHA-256 is stored, here and in quiz_session_visitors); the e-mail step ties it to a customer.
 */
export const quizSessions = pgTable(
  "quiz_sessions",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** SHA-256 of the visitor cookie of the browser that started it. */
    visitorId: text("visitor_id").notNull(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    flowCode: text("flow_code").notNull(),
    flowVersion: integer("flow_version").notNull(),
    flowHash: text("flow_hash").notNull(),
    /** experiment id → variant id */
    variants: jsonb("variants").$type<Record<string, string>>().notNull().default({}),
    /**
     * The order this run shows shuffled options and groups in, drawn once when it started (ADR 067):
     * every device that continues it and the funnel report read it here. Null when the flow shuffles nothing.
     */
    shownOrder: jsonb("shown_order").$type<ShownOrder>(),
    attribution: jsonb("attribution").$type<QuizAttribution>().notNull().default({}),
    status: text("status", { enum: ["in_progress", "analyzing", "ready"] })
      .notNull()
      .default("in_progress"),
    scores: jsonb("scores").$type<StoredScores>(),
    /** The e-mailed "continue" link: only its SHA-256, when it expires, and the address it went to. */
    resumeTokenHash: text("resume_token_hash").unique(),
    resumeExpiresAt: timestamp("resume_expires_at", { withTimezone: true }),
    resumeSentTo: text("resume_sent_to"),
    /**
     * True once the customer tie was made by the customer themself (logged in when starting or
     * re-opening it in this browser). A tie from an address typed at the e-mail step is not: such a
     * session is never re-opened for that customer's other browsers (docs/decisions/011-quiz-session-ownership.md).
     */
    customerConfirmed: boolean("customer_confirmed").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * The last step this run saw for the first time (where it is, or where it left): kept by the
     * database as its first views and answers arrive (migration 0009, ADR 033).
     */
    lastNewStep: text("last_new_step"),
    /**
     * Whether an initial order of this run was paid (refunded later or not), as paidRun in
     * src/server/analytics/funnel-queries.ts reads the orders: kept by a trigger on orders
     * (migration 0021), so the funnel graph's daily run counts can tell paid runs apart (ADR 063).
     */
    paid: boolean("paid").notNull().default(false),
    /**
     * The visitor's privacy choice while this run went on (ADR 055), updated when they change it: a
     * server-side conversion for this run's order is sent only if it allowed marketing.
     */
    consent: jsonb("consent").$type<ConsentRecord>(),
  },
  (t) => [
    index("quiz_sessions_visitor_flow_idx").on(t.visitorId, t.flowCode),
    index("quiz_sessions_customer_idx").on(t.customerId),
    index("quiz_sessions_flow_created_idx").on(t.flowCode, t.createdAt),
  ],
);

/** Every browser that may continue a session: the one that started it, and any that resumed it by link. */
export const quizSessionVisitors = pgTable(
  "quiz_session_visitors",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => quizSessions.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull(),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.visitorId] }), index("quiz_session_visitors_visitor_idx").on(t.visitorId)],
);

/** The latest answer per step; re-answering replaces it. */
export const quizAnswers = pgTable(
  "quiz_answers",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => quizSessions.id, { onDelete: "cascade" }),
    stepId: text("step_id").notNull(),
    value: jsonb("value").$type<StoredAnswer>(),
    /** The flow version and content hash the answer was given in. */
    flowVersion: integer("flow_version").notNull(),
    flowHash: text("flow_hash").notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.stepId] })],
);
