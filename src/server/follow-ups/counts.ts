import { eq, sql } from "drizzle-orm";
import type { FollowUpCounts } from "#schemas/api/admin-follow-ups.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import type { Db } from "../db/client.ts";
import { leadFollowUps, orders } from "../db/schema.ts";

/** A paid order of the follow-up's session after the e-mail went out (paid, or paid and later refunded). */
const boughtAfter = sql<boolean>`exists (select 1 from ${orders} o where o.quiz_session_id = ${leadFollowUps.quizSessionId} and o.kind = 'initial' and o.status in ('paid', 'refunded') and o.paid_at > ${leadFollowUps.sentAt})`;

/**
 * Each follow-up the flow declares, in its order, with what came of it: scheduled, sent,
 * cancelled, links opened and sessions bought after the e-mail. A follow-up the YAML no longer
 * declares is not listed (its rows stay in the database).
 */
export async function followUpCountsOf(db: Db, flow: CompiledFlow): Promise<FollowUpCounts[]> {
  const rows = await db
    .select({
      id: leadFollowUps.followUpId,
      scheduled: sql<number>`count(*) filter (where ${leadFollowUps.status} = 'scheduled')::int`,
      sent: sql<number>`count(*) filter (where ${leadFollowUps.status} = 'sent')::int`,
      cancelled: sql<number>`count(*) filter (where ${leadFollowUps.status} = 'cancelled')::int`,
      clicked: sql<number>`count(${leadFollowUps.clickedAt})::int`,
      bought: sql<number>`count(*) filter (where ${leadFollowUps.status} = 'sent' and ${boughtAfter})::int`,
    })
    .from(leadFollowUps)
    .where(eq(leadFollowUps.flowCode, flow.code))
    .groupBy(leadFollowUps.followUpId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (flow.follow_ups ?? []).map((f) => {
    const r = byId.get(f.id);
    return {
      id: f.id,
      after: f.after,
      subject: f.subject,
      scheduled: r?.scheduled ?? 0,
      sent: r?.sent ?? 0,
      cancelled: r?.cancelled ?? 0,
      clicked: r?.clicked ?? 0,
      bought: r?.bought ?? 0,
    };
  });
}
