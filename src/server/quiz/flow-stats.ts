import { and, count, desc, eq, gte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders, products, quizSessions } from "../db/schema.ts";
import type { Clock } from "../platform/clock.ts";

/** A funnel's social-proof count, and the most popular plan, are re-counted at most this often. */
export const FLOW_STATS_TTL_SECONDS = 600;
/**
 * A plan is called "Most popular" only when it had the most paid first orders of the last 30 days
 * and at least this many: below it, a handful of sales would make the badge a guess.
 */
export const MOST_POPULAR_MINIMUM = 20;
const DAY_MS = 86_400_000;

/**
 * How many runs of a flow finished (were scored) in the last 30 days: the only number a
 * social-proof line may show (schemas/flow/steps.ts socialProof). Counted from our sessions,
 * shared by all requests for ten minutes.
 */
export function createFlowStats(db: Db, clock: Clock) {
  const cached = new Map<string, { value: Promise<number>; until: number }>();
  let popular: { value: Promise<string | null>; until: number } | null = null;
  return {
    /**
     * The plan on sale with the most paid first orders (not renewals) in the last 30 days, counted
     * from our own orders: null below MOST_POPULAR_MINIMUM, or when two plans share the lead. Never
     * written in content; shared by all requests for ten minutes.
     */
    mostPopularPlan(): Promise<string | null> {
      const now = clock.now().getTime();
      if (popular && popular.until > now) return popular.value;
      const value = db
        .select({ productId: orders.productId, n: count() })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(and(eq(orders.kind, "initial"), eq(orders.status, "paid"), eq(products.active, true), gte(orders.paidAt, new Date(now - 30 * DAY_MS))))
        .groupBy(orders.productId)
        .orderBy(desc(count()))
        .limit(2)
        .then(([first, second]) => (first && first.n >= MOST_POPULAR_MINIMUM && first.n !== second?.n ? first.productId : null));
      popular = { value, until: now + FLOW_STATS_TTL_SECONDS * 1000 };
      value.catch(() => (popular = null));
      return value;
    },

    finishedLast30Days(flowCode: string): Promise<number> {
      const now = clock.now().getTime();
      const hit = cached.get(flowCode);
      if (hit && hit.until > now) return hit.value;
      const value = db
        .select({ n: count() })
        .from(quizSessions)
        .where(and(eq(quizSessions.flowCode, flowCode), gte(quizSessions.completedAt, new Date(now - 30 * DAY_MS))))
        .then(([row]) => row?.n ?? 0);
      cached.set(flowCode, { value, until: now + FLOW_STATS_TTL_SECONDS * 1000 });
      value.catch(() => cached.delete(flowCode));
      return value;
    },
  };
}
