import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { customers } from "./customers.ts";

/** Education plans (synced from content/plans), the ones a customer took and their progress. */

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
