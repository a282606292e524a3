import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Clock } from "./clock.ts";

export type Limit = { max: number; windowSeconds: number };

/** No limit may count over a longer window: the purge job deletes counters older than this. */
export const RATE_LIMIT_LONGEST_WINDOW_SECONDS = 24 * 60 * 60;
export type LimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Fixed-window counters in the database, so every server instance shares them.
 * One statement per hit: insert, or count up, or start a new window.
 */
export function createRateLimiter(db: Db, clock: Clock) {
  return {
    async hit(key: string, limit: Limit): Promise<LimitResult> {
      if (limit.windowSeconds > RATE_LIMIT_LONGEST_WINDOW_SECONDS)
        throw new Error(`limit ${key}: a window over ${RATE_LIMIT_LONGEST_WINDOW_SECONDS} s would be purged early`);
      const now = clock.now();
      const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000);
      const result: unknown = await db.execute(sql`
        insert into rate_limits (key, window_started_at, count) values (${key}, ${now.toISOString()}, 1)
        on conflict (key) do update set
          count = case when rate_limits.window_started_at <= ${windowStart.toISOString()} then 1 else rate_limits.count + 1 end,
          window_started_at = case when rate_limits.window_started_at <= ${windowStart.toISOString()}
                                   then ${now.toISOString()}::timestamptz else rate_limits.window_started_at end
        returning count, window_started_at`);
      const row = (result as { rows: { count: number; window_started_at: string | Date }[] }).rows[0]!;
      const started = new Date(row.window_started_at).getTime();
      const retryAfterSeconds = Math.max(1, Math.ceil((started + limit.windowSeconds * 1000 - now.getTime()) / 1000));
      return { allowed: row.count <= limit.max, retryAfterSeconds };
    },
  };
}
