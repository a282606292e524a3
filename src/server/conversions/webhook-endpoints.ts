import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { WebhookCreateBody, WebhookCreated, WebhookDelivery, WebhookEndpoint } from "#schemas/api/admin-webhooks.ts";
import { WEBHOOK_LIMITS } from "#schemas/api/admin-webhooks.ts";
import type { WebhookKind } from "#schemas/conversions/events.ts";
import type { Db } from "../db/client.ts";
import { conversionOutbox, webhookEndpoints } from "../db/schema.ts";
import { webhookLabel } from "./destinations/webhook.ts";

/**
 * Staff webhook endpoints and their delivery log (ADR 061). An endpoint's deliveries are the
 * conversion outbox's rows named `webhook:<id>`: queued with the ad platforms' rows, delivered,
 * retried and claimed by the same sender.
 */

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** A new signing secret in the form the standardwebhooks library reads: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

const shown = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events,
  description: row.description,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  hasSecret: true,
});

export async function listWebhookEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  return (await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdAt)).map(shown);
}

/** A new endpoint, on; its secret is answered this once. */
export async function createWebhookEndpoint(db: Db, input: WebhookCreateBody): Promise<WebhookCreated> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ url: input.url, events: input.events, description: input.description || null, secret: newSecret() })
    .returning();
  return { ...shown(row!), secret: row!.secret };
}

/** Turns an endpoint on or off; null when there is no such endpoint. */
export async function setWebhookEnabled(db: Db, id: string, enabled: boolean): Promise<WebhookEndpoint | null> {
  const [row] = await db.update(webhookEndpoints).set({ enabled }).where(eq(webhookEndpoints.id, id)).returning();
  return row ? shown(row) : null;
}

/** Deletes an endpoint and cancels its deliveries not sent yet, in one transaction; null when there is no such endpoint. */
export async function deleteWebhookEndpoint(db: Db, id: string): Promise<{ id: string; cancelled: number } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
    if (!row) return null;
    const cancelled = await tx
      .update(conversionOutbox)
      .set({ status: "cancelled", claimedUntil: null })
      .where(and(eq(conversionOutbox.destination, webhookLabel(id)), eq(conversionOutbox.status, "queued")))
      .returning({ id: conversionOutbox.id });
    return { id: row.id, cancelled: cancelled.length };
  });
}

export async function webhookEndpointExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row !== undefined;
}

type OutboxRow = typeof conversionOutbox.$inferSelect;

const delivery = (row: OutboxRow): WebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  kind: row.kind as WebhookKind,
  status: row.status === "preview" ? "queued" : row.status,
  attempts: row.earlierAttempts + row.attempts,
  lastStatus: row.lastStatus,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  nextAttemptAt: row.status === "queued" ? row.nextAttemptAt.toISOString() : null,
});

/** The endpoint's latest deliveries, newest first. */
export async function listWebhookDeliveries(db: Db, endpointId: string): Promise<WebhookDelivery[]> {
  const rows = await db
    .select()
    .from(conversionOutbox)
    .where(eq(conversionOutbox.destination, webhookLabel(endpointId)))
    .orderBy(desc(conversionOutbox.createdAt), desc(conversionOutbox.id))
    .limit(WEBHOOK_LIMITS.deliveries);
  return rows.map(delivery);
}

/**
 * "Send again": a delivery that is over (sent or failed) is queued once more, due now, with the
 * same event and so the same webhook-id; its earlier attempts are kept in the count and it gets a
 * fresh round of retries. Answers the delivery, "busy" while it is still queued (or cancelled), or
 * null when the endpoint has no such delivery.
 */
export async function resendWebhookDelivery(db: Db, endpointId: string, deliveryId: string): Promise<WebhookDelivery | "busy" | null> {
  const where = and(eq(conversionOutbox.id, deliveryId), eq(conversionOutbox.destination, webhookLabel(endpointId)));
  const [row] = await db
    .update(conversionOutbox)
    .set({
      status: "queued",
      earlierAttempts: sql`${conversionOutbox.earlierAttempts} + ${conversionOutbox.attempts}`,
      attempts: 0,
      nextAttemptAt: sql`now()`,
      claimedUntil: null,
      lastStatus: null,
      lastError: null,
      sentAt: null,
    })
    .where(and(where, inArray(conversionOutbox.status, ["sent", "failed"])))
    .returning();
  if (row) return delivery(row);
  const [other] = await db.select({ id: conversionOutbox.id }).from(conversionOutbox).where(where);
  return other ? "busy" : null;
}
