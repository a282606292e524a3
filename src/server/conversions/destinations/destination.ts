import type { ConversionKind } from "#schemas/conversions/events.ts";
import type { Env } from "#server/env.ts";
import type { ConversionEvent } from "../conversion-event.ts";

/** One HTTP request to a platform. */
type OutgoingRequest = { url: string; headers: Record<string, string>; body: unknown };

/** What the test button may send (ADR 062): a connection that sends a test event, or why it cannot. */
type TestConnection = { connection: Connection } | { refused: string };

/** A destination bound to its credentials. */
export type Connection = {
  request(event: ConversionEvent): OutgoingRequest;
  /** A 2xx answer the platform still refused (TikTok answers 200 with a code): its message, or null. */
  refusal?(body: string): string | null;
  /** What the platform's answer says about the event (GA4's validation messages), for the console's test button. */
  findings?(body: string): string[];
};

/**
 * One place events go (ADR 056): an ad platform today, a staff webhook endpoint later. It says which
 * kinds it takes and how one event becomes its request; the outbox, retries and consent are shared.
 */
export type Destination = {
  /** Its name in the outbox, logs and /dev/conversions. */
  label: string;
  /** Its name in the console (/admin/integrations). */
  title: string;
  /** The variables `connect` needs: the console names those missing (never their values). */
  requires: readonly (keyof Env)[];
  takes(kind: ConversionKind): boolean;
  /** Bound to its credentials from the environment; null when they are missing (the destination is off). */
  connect(env: Env): Connection | null;
  /** The same with the variables' names in place of credentials: what /dev/conversions shows. */
  preview(env: Env): Connection;
  /** A connection whose events the platform keeps apart from live data (the console's test button), given `connect` is not null. */
  test(env: Env): TestConnection;
};

/** A plain JSON object without its null and undefined fields. */
export const compact = <T extends Record<string, unknown>>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;

/** The variables a destination needs that the environment lacks (names only). */
export const missingVariables = (destination: Destination, env: Env): string[] => destination.requires.filter((name) => !env[name]);
