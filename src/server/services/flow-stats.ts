import { and, count, eq, gte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { quizSessions } from "../db/schema.ts";
import type { Clock } from "./clock.ts";

/** A funnel's social-proof count is re-counted at most this often. */
export const FLOW_STATS_TTL_SECONDS = 600;
const DAY_MS = 86_400_000;

/**
 * How many runs of a flow finished (were scored) in the last 30 days: the only number a
 * social-proof line may show (schemas/flow/steps.ts socialProof). Counted from our sessions,
 * shared by all requests for ten minutes.
 */
export function createFlowStats(db: Db, clock: Clock) {
  const cached = new Map<string, { value: Promise<number>; until: number }>();
  return {
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

export type FlowStats = ReturnType<typeof createFlowStats>;
