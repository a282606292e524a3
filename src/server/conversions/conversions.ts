import type { Db } from "../db/client.ts";
import type { Env } from "../env.ts";
import { createConversionQueue } from "./conversion-queue.ts";
import { createConversionSender } from "./conversion-sender.ts";
import { activeDestinations } from "./destinations/registry.ts";

/**
 * Server-side conversion events (ADR 056): `queue` inside the transaction that records what
 * happened, then `kick()` after the commit; the sender delivers in the background, so a slow or
 * failing platform never holds up a payment, a report or a page.
 */
export function createConversions(db: Db, env: Env, send: typeof fetch) {
  const { mode, active } = activeDestinations(env);
  const sender = createConversionSender(db, mode === "send" ? active : [], send, { intervalSeconds: env.CONVERSIONS_SEND_INTERVAL_SECONDS });
  /** `send`: how this process reaches the platforms (a test's own fetch), for the console's test button too. */
  return { mode, send, queue: createConversionQueue({ active, mode, appOrigin: env.APP_ORIGIN }), ...sender };
}

export type Conversions = ReturnType<typeof createConversions>;
