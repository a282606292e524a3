import type { ConversionKind } from "#schemas/conversions/events.ts";
import type { Env } from "#server/env.ts";
import type { ConversionEvent } from "../conversion-event.ts";

/** One HTTP request to a platform. */
type OutgoingRequest = { url: string; headers: Record<string, string>; body: unknown };

/** A destination bound to its credentials. */
export type Connection = {
  request(event: ConversionEvent): OutgoingRequest;
  /** A 2xx answer the platform still refused (TikTok answers 200 with a code): its message, or null. */
  refusal?(body: string): string | null;
};

/**
 * One place events go (ADR 056): an ad platform today, a staff webhook endpoint later. It says which
 * kinds it takes and how one event becomes its request; the outbox, retries and consent are shared.
 */
export type Destination = {
  /** Its name in the outbox, logs and /dev/conversions. */
  label: string;
  takes(kind: ConversionKind): boolean;
  /** Bound to its credentials from the environment; null when they are missing (the destination is off). */
  connect(env: Env): Connection | null;
  /** The same with the variables' names in place of credentials: what /dev/conversions shows. */
  preview(env: Env): Connection;
};

/** A plain JSON object without its null and undefined fields. */
export const compact = <T extends Record<string, unknown>>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
