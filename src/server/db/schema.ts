/**
 * The database schema, one file per domain in schema/. drizzle.config.ts, the database client and
 * every query read it through this file; `npm run db:generate` turns a change into a migration.
 */
export * from "./schema/customers.ts";
export * from "./schema/quiz.ts";
export * from "./schema/analytics.ts";
export * from "./schema/payments.ts";
export * from "./schema/subscriptions.ts";
export * from "./schema/reports.ts";
export * from "./schema/content.ts";
export * from "./schema/plans.ts";
export * from "./schema/mail.ts";
export * from "./schema/account.ts";
export * from "./schema/conversions.ts";
export * from "./schema/follow-ups.ts";
export * from "./schema/webhooks.ts";
export * from "./schema/flow-versions.ts";
