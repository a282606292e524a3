import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { customers } from "./customers.ts";
import { orders } from "./payments.ts";

/** Conversion events for the ad platforms (issue 28, ADR 056): what checkout captured, and the outbox. */

/**
 * What the visitor's browser told us when the checkout started (ADR 056): the identifiers an ad
 * platform matches a server event with. One row per order, replaced when the same open order is
 * started again; deleted with the account (src/server/accounts/account-deletion.ts).
 */
export const checkoutCaptures = pgTable("checkout_captures", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  /** `request.ip`: the client address as the trusted proxies report it (ADR 012). */
  clientIp: text("client_ip"),
  userAgent: text("user_agent"),
  /** The `_fbp` and `_fbc` cookies of Meta's pixel, as they were. */
  fbp: text("fbp"),
  fbc: text("fbc"),
  /** GA4's client id: from the `_ga` cookie, or one the server made for the quiz session where the tag never ran. */
  gaClientId: text("ga_client_id").notNull(),
  /** The page the checkout was started from, without its query (event_source_url). */
  sourceUrl: text("source_url"),
  capturedAt: createdAt(),
});

export type ConversionOutboxStatus = "queued" | "sent" | "failed" | "cancelled" | "preview";

/**
 * One row per (destination, event id, kind): written in the transaction that records what happened,
 * delivered by the conversion sender (src/server/conversions/conversion-sender.ts) with the claiming
 * the mail outbox uses (src/server/outbox/claims.ts). `event` holds no plain e-mail: identifiers are
 * hashed before they are stored. `preview`: kept for /dev/conversions, never sent.
 */
export const conversionOutbox = pgTable(
  "conversion_outbox",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** A key of the destination registry (src/server/conversions/destinations/registry.ts). */
    destination: text("destination").notNull(),
    /** A key of CONVERSION_EVENTS. */
    kind: text("kind").notNull(),
    /** conversionEventId(kind, key): the same id in the browser and in every re-send. */
    eventId: text("event_id").notNull(),
    /** Whose event it is: an account deletion cancels the rows not sent yet. */
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** The event as the destinations read it (src/server/conversions/conversion-event.ts). */
    event: jsonb("event").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["queued", "sent", "failed", "cancelled", "preview"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /**
     * Attempts made before staff pressed "Send again" on a webhook delivery (ADR 061): the re-send
     * starts a fresh round of `attempts`, and the delivery log shows both together.
     */
    earlierAttempts: integer("earlier_attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** The platform's HTTP status of the last attempt, and its message when it refused or failed. */
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("conversion_outbox_once_idx").on(t.destination, t.eventId, t.kind),
    index("conversion_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("conversion_outbox_customer_idx").on(t.customerId),
  ],
);
