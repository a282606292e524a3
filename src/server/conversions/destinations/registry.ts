import type { Env } from "#server/env.ts";
import type { Connection, Destination } from "./destination.ts";
import { ga4 } from "./ga4.ts";
import { meta } from "./meta.ts";
import { tiktok } from "./tiktok.ts";

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
