import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { webhookEndpoints } from "#server/db/schema.ts";
import type { Env } from "#server/env.ts";
import type { Connection, Destination } from "./destination.ts";
import { ga4 } from "./ga4.ts";
import { meta } from "./meta.ts";
import { tiktok } from "./tiktok.ts";
import { webhookDestination, webhookEndpointId } from "./webhook.ts";

/** Every destination, by the name the outbox keeps (ADR 056). A new one is one module and one line here. */
export const DESTINATIONS: Record<string, Destination> = { meta, ga4, tiktok };

export type ActiveDestination = { destination: Destination; connection: Connection };

/**
 * The destinations this process sends to: those with credentials. In development with none
 * configured, every destination in preview: its rows are kept for /dev/conversions and never sent.
 */
export function activeDestinations(env: Env): { mode: "send" | "preview"; active: ActiveDestination[] } {
  const connected = Object.values(DESTINATIONS).flatMap((destination) => {
    const connection = destination.connect(env);
    return connection ? [{ destination, connection }] : [];
  });
  if (connected.length > 0 || env.NODE_ENV !== "development") return { mode: "send", active: connected };
  return { mode: "preview", active: Object.values(DESTINATIONS).map((destination) => ({ destination, connection: destination.preview(env) })) };
}

/** The staff webhook endpoints that are on (ADR 061), read in the caller's transaction: destinations kept in the database, not the environment. */
export async function webhookDestinations(tx: Db): Promise<ActiveDestination[]> {
  const rows = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.enabled, true));
  return rows.map((row) => webhookDestination(row));
}

/**
 * Where an outbox row goes: an ad platform with credentials in this process, or a webhook endpoint
 * (enabled or not: a disabled one still gets what was queued before); null when neither exists.
 */
export function destinationOf(db: Db, active: ActiveDestination[]): (label: string) => Promise<ActiveDestination | null> {
  const byName = new Map(active.map((a) => [a.destination.label, a]));
  return async (label) => {
    const platform = byName.get(label);
    if (platform) return platform;
    const endpointId = webhookEndpointId(label);
    if (!endpointId || !/^[0-9a-f-]{36}$/i.test(endpointId)) return null;
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    return row ? webhookDestination(row) : null;
  };
}
