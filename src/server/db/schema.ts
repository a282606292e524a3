import { sql } from "drizzle-orm";
import { boolean, date, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, index, uniqueIndex } from "drizzle-orm/pg-core";
import { ORDER_STATUSES } from "../../../schemas/api/payments.ts";
import { STAFF_ROLES } from "../../../schemas/api/admin-roles.ts";
import { BILLING_PERIODS } from "../../../schemas/content/product.ts";
import type { ReportDocument } from "../../../schemas/report/document.ts";
import type { RiasecLetter } from "../../../schemas/content/profession.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const customers = pgTable("customers", {
  id: uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash"),
  isOnboarded: boolean("is_onboarded").notNull().default(false),
  /** Whether the customer agreed to marketing e-mail (off until they switch it on), and when they last changed it. */
  marketingConsent: boolean("marketing_consent").notNull().default(false),
  marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true }),
  /** The IANA time zone the customer's browser reported (e.g. "Europe/Berlin"); times in e-mails are written in it. */
  timeZone: text("time_zone"),
  /** `staff` may use /admin and /api/admin (the growth console, ADR 037); everyone else is a customer. */
  role: text("role", { enum: STAFF_ROLES }).notNull().default("customer"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions. Only the SHA-256 of the cookie value is stored. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp("absolute_expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_customer_idx").on(t.customerId)],
);

/** Single-use e-mailed tokens (login link, password reset). Only the SHA-256 is stored. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /**
     * For "email_change", `email` is the new address it confirms; "email_change_authorize" goes to the
     * old address of an account without a password and carries the new one; "account_deletion" is
     * the fresh proof a deletion needs.
     */
    purpose: text("purpose", { enum: ["login", "reset", "email_change", "email_change_authorize", "account_deletion"] }).notNull(),
    email: text("email").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("auth_tokens_customer_purpose_idx").on(t.customerId, t.purpose)],
);

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

export const catalogEntries = pgTable("catalog_entries", {
  code: text("code").primaryKey(),
  text: text("text").notNull(),
  sourceFile: text("source_file").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type PlanDay = {
  id: number;
  title: string;
  summary: string;
  tasks: { id: number; title: string; text: string; minutes: number }[];
};

export const eduPlans = pgTable("edu_plans", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  status: text("status").notNull(),
  categoryCode: text("category_code").notNull(),
  categoryName: text("category_name").notNull(),
  pic: text("pic").notNull(),
  text: text("text").notNull(),
  audio: text("audio"),
  days: jsonb("days").$type<PlanDay[]>().notNull(),
  contentHash: text("content_hash").notNull(),
  sourceFile: text("source_file").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const customerEduPlans = pgTable(
  "customer_edu_plans",
  {
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    planId: integer("plan_id")
      .notNull()
      .references(() => eduPlans.id),
    takenAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.planId] })],
);

export const customerEduPlanProgress = pgTable(
  "customer_edu_plan_progress",
  {
    customerId: uuid("customer_id").notNull(),
    planId: integer("plan_id").notNull(),
    /** "task" or "day" */
    kind: text("kind", { enum: ["task", "day"] }).notNull(),
    itemId: integer("item_id").notNull(),
    completedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.planId, t.kind, t.itemId] })],
);

export const articles = pgTable("articles", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  status: text("status").notNull(),
  pic: text("pic").notNull(),
  picPreview: text("pic_preview").notNull(),
  summary: text("summary").notNull(),
  text: text("text").notNull(),
  catCode: text("cat_code").notNull(),
  catName: text("cat_name").notNull(),
  readingMinutes: integer("reading_minutes").notNull(),
  contentHash: text("content_hash").notNull(),
  sourceFile: text("source_file").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const tools = pgTable("tools", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  title: text("title").notNull(),
  summary: text("summary").notNull(),
  category: text("category").notNull(),
  pic: text("pic").notNull(),
  minutes: integer("minutes").notNull(),
  /** Which interactive widget the account renders (a registry key), and that widget's content (cards, fields, rows) from the tool's front matter. */
  kind: text("kind").notNull(),
  config: jsonb("config").$type<Record<string, unknown>>().notNull(),
  text: text("text").notNull(),
  contentHash: text("content_hash").notNull(),
  sourceFile: text("source_file").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Where a fact about an occupation comes from: the source's name, its year and where to read it. */
export type ProfessionSource = { source: string; year: number; url: string };
export type ProfessionPay = { median_annual_usd: number; p10_annual_usd?: number; p90_annual_usd?: number; from: ProfessionSource };

/**
 * Occupations, synced from content/professions (one file each; slug = file name). Interest levels,
 * job zone, education and pay are sourced facts, each stored with its source. Retired rows stay
 * (`active = false`) so reports that name them still open.
 */
export const professions = pgTable("professions", {
  slug: text("slug").primaryKey(),
  title: text("title").notNull(),
  onetSoc: text("onet_soc").notNull(),
  /** O*NET interest high-point code, e.g. "CIE". */
  riasecCode: text("riasec_code").notNull(),
  /** O*NET Occupational Interest levels 1–7, keyed R I A S E C. */
  riasecLevels: jsonb("riasec_levels").$type<Record<RiasecLetter, number>>().notNull(),
  riasecFrom: jsonb("riasec_from").$type<ProfessionSource>().notNull(),
  summary: text("summary").notNull(),
  tasks: jsonb("tasks").$type<string[]>().notNull(),
  skills: jsonb("skills").$type<string[]>().notNull(),
  jobZone: integer("job_zone").notNull(),
  jobZoneFrom: jsonb("job_zone_from").$type<ProfessionSource>().notNull(),
  educationLevel: text("education_level").notNull(),
  educationFrom: jsonb("education_from").$type<ProfessionSource>().notNull(),
  /** Null when no source gives the pay. */
  pay: jsonb("pay").$type<ProfessionPay>(),
  active: boolean("active").notNull().default(true),
  contentHash: text("content_hash").notNull(),
  sourceFile: text("source_file").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Where a quiz session came from (spec §7 tracking): the utmParams object and fbclid. */
export type QuizAttribution = {
  utm?: Partial<Record<"utm_source" | "utm_medium" | "utm_campaign" | "utm_term" | "utm_content" | "utm_id" | "quiz_title", string>>;
  fbclid?: string;
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

// ───────────────────────── Money: products, orders, subscriptions, notifications ─────────────────────────

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
    provider: text("provider", { enum: ["max_pay", "pay_pro"] }).notNull(),
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
    provider: text("provider", { enum: ["max_pay", "pay_pro"] }).notNull(),
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

/** The inbox of provider notifications: each stored once (provider + event key), then processed. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    provider: text("provider", { enum: ["max_pay", "pay_pro"] }).notNull(),
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

/** A personal report built from a completed quiz session by the report worker (src/server/jobs/report-worker.ts). */
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

/**
 * Which of our orders a provider's own order or transaction id belongs to, fixed by the first
 * verified notification that named it. A later notification with the same provider id can only
 * act on that order, whatever unsigned fields it carries.
 */
export const paymentProviderRefs = pgTable(
  "payment_provider_refs",
  {
    provider: text("provider", { enum: ["max_pay", "pay_pro"] }).notNull(),
    providerOrderId: text("provider_order_id").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerOrderId] }), index("payment_provider_refs_order_idx").on(t.orderId)],
);

export type MailAttachment = { filename: string; contentType: string; content: string };

/**
 * Every e-mail, written in the same transaction as the change it reports and delivered by the
 * mail sender at least once (retries with backoff). The body is cleared once sent, so login links
 * do not stay in the database.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** The template name, for logs (never the address). */
    kind: text("kind").notNull(),
    /** Optional: the same key is queued once (e.g. one receipt per order). */
    dedupeKey: text("dedupe_key").unique(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text"),
    html: text("html"),
    /** base64 contents */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set by a sender while it delivers this row; a crashed sender's claim expires. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

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

/**
 * Checkouts the app refused before any order was made (the checkout rate limit's 429): the funnel
 * report counts them apart from drop-off (ADR 037). One row per run and reason, however often it
 * was refused (a flood of refused requests writes nothing more).
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
    reason: text("reason", { enum: ["rate_limited"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("checkout_refusals_session_reason_idx").on(t.quizSessionId, t.reason)],
);
