import { sql } from "drizzle-orm";
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid, index } from "drizzle-orm/pg-core";
import { STAFF_ROLES } from "#schemas/api/admin-roles.ts";
import type { ConsentRecord } from "#schemas/consent/consent.ts";
import { createdAt } from "./columns.ts";

/** Customers and signing in: accounts, sessions, e-mailed tokens and the shared rate-limit counters. */

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
  /** The privacy choice the customer last made while logged in (ADR 055); applied to their browsers when they log in. */
  consent: jsonb("consent").$type<ConsentRecord>(),
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
    /**
     * Set on a session nobody proved the inbox for (the first-buyer login on the order page): it
     * reaches only this order's purchase (src/server/plugins/unproven-session.ts, ADR 051). Null: a
     * login that proved the inbox or knew the password. No foreign key: the orders table is defined
     * after this one; a session whose order is gone reaches nothing.
     */
    purchaseOrderId: uuid("purchase_order_id"),
  },
  (t) => [index("sessions_customer_idx").on(t.customerId)],
);

/**
 * What an e-mailed token is for. `staff_invite` is the invitation `npm run staff -- add` mails: the
 * staff role takes effect only when it is used (ADR 051).
 */
export const TOKEN_PURPOSES = ["login", "reset", "email_change", "email_change_authorize", "account_deletion", "staff_invite"] as const;

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
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
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
