import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, text, timestamp, uuid, index } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/** The outbox every e-mail goes through. */

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
    /** Extra headers (List-Unsubscribe of a follow-up, ADR 060); cleared with the body once sent. */
    headers: jsonb("headers").$type<Record<string, string>>(),
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
