import { sql } from "drizzle-orm";
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  index,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const customers = pgTable("customers", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash"),
  isOnboarded: boolean("is_onboarded").notNull().default(false),
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
    purpose: text("purpose", { enum: ["login", "reset"] }).notNull(),
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
  text: text("text").notNull(),
  contentHash: text("content_hash").notNull(),
  sourceFile: text("source_file").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
