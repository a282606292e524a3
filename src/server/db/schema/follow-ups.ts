import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { quizSessions } from "./quiz.ts";

/** The e-mails a flow's YAML sends leads who did not buy (ADR 060), and the addresses that stopped them. */

export const FOLLOW_UP_STATUSES = ["scheduled", "sent", "cancelled"] as const;

/**
 * One follow-up e-mail of one quiz session, scheduled at its e-mail step when the visitor's choice
 * allowed marketing, queued in the mail outbox when due (src/server/follow-ups/send-due.ts), or
 * cancelled with its reason. Kept after sending for the console's counts: its link's first use
 * (`clickedAt`) and the session's paid order after `sentAt`.
 */
export const leadFollowUps = pgTable(
  "lead_follow_ups",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Null once the session is gone (an account deletion): the row stays, cancelled or sent, for the counts. */
    quizSessionId: uuid("quiz_session_id").references(() => quizSessions.id, { onDelete: "set null" }),
    flowCode: text("flow_code").notNull(),
    /** The follow-up's id in the flow's YAML. */
    followUpId: text("follow_up_id").notNull(),
    recipient: text("recipient").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: FOLLOW_UP_STATUSES }).notNull().default("scheduled"),
    /** Why it was not sent: no_consent, unsubscribed, purchase, refund, account_deleted, no_result, flow_changed. */
    cancelReason: text("cancel_reason"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** SHA-256 of the token in the e-mail's link back to the pre-checkout (it also resumes the session). */
    linkTokenHash: text("link_token_hash").unique(),
    /** SHA-256 of the token in its one-click unsubscribe address. */
    unsubscribeTokenHash: text("unsubscribe_token_hash").unique(),
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("lead_follow_ups_session_follow_up_idx").on(t.quizSessionId, t.followUpId),
    index("lead_follow_ups_due_idx").on(t.status, t.dueAt),
    index("lead_follow_ups_recipient_idx").on(t.recipient),
    index("lead_follow_ups_flow_idx").on(t.flowCode),
  ],
);

/**
 * Addresses that stopped every follow-up (one-click unsubscribe, RFC 8058): only the SHA-256 of the
 * lower-cased address, so the list outlives an account deletion without keeping the address.
 */
export const followUpOptOuts = pgTable("follow_up_opt_outs", {
  emailHash: text("email_hash").primaryKey(),
  createdAt: createdAt(),
});
