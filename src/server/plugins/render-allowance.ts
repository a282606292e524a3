/**
 * How many pages one client may make the server render (ADR 054): a bucket of `burst` renders per
 * client that refills at `perMinute`. Only a render counts (a page already kept is free), so a
 * visitor, or an office behind one address, landing on the same pages never meets it; a client
 * that asks for page after page nobody asked for does, and gets the page drawn in the browser.
 */
export type RenderAllowance = { take(client: string): boolean };

type Bucket = { tokens: number; at: number };

/** Clients remembered at once; past it the one seen longest ago is forgotten (it starts again with a full bucket). */
const CLIENTS_KEPT = 10_000;

export function createRenderAllowance(options: { burst: number; perMinute: number; now: () => number }): RenderAllowance {
  const buckets = new Map<string, Bucket>();
  return {
    take(client) {
      const now = options.now();
      const bucket = buckets.get(client);
      const tokens = bucket ? Math.min(options.burst, bucket.tokens + ((now - bucket.at) * options.perMinute) / 60_000) : options.burst;
      // Seen now: to the end of the map's order, so the client forgotten first is the one seen longest ago.
      buckets.delete(client);
      buckets.set(client, { tokens: tokens >= 1 ? tokens - 1 : tokens, at: now });
      if (buckets.size > CLIENTS_KEPT) buckets.delete(buckets.keys().next().value!);
      return tokens >= 1;
    },
  };
}
