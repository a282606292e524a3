import { sql } from "drizzle-orm";
import { boolean, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { WebhookKind } from "#schemas/conversions/events.ts";
import { createdAt } from "./columns.ts";

/**
 * A staff webhook endpoint (issue 28, ADR 061): one of the team's own systems that receives the
 * conversion events it asked for, POSTed and signed per Standard Webhooks. Its deliveries are rows of
 * the conversion outbox with the destination `webhook:<id>` (src/server/conversions/destinations/webhook.ts).
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  url: text("url").notNull(),
  /** The kinds it receives: keys of CONVERSION_EVENTS that have a webhook type (WEBHOOK_KINDS). */
  events: jsonb("events").$type<WebhookKind[]>().notNull(),
  description: text("description"),
  /**
   * The signing secret, `whsec_<base64>` as the standardwebhooks library reads it. Kept as it is (a
   * signature needs it); the console shows it once, when the endpoint is made.
   */
  secret: text("secret").notNull(),
  /** A disabled endpoint is sent nothing new; what was queued before still goes. */
  enabled: boolean("enabled").notNull().default(true),
  createdAt: createdAt(),
});
