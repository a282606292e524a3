import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { quizEvents } from "../db/schema.ts";
import type { QuizSession } from "./quiz-sessions.ts";

export type QuizEventType = (typeof quizEvents.$inferInsert)["type"];

/**
 * One funnel-analytics event, tagged with the variants the visitor saw, so conversion per step,
 * flow and variant can be counted from the database alone. A view or an answer also keeps the
 * run's first view or first answer of that step (quiz_session_steps, what the funnel report reads),
 * in the same statement.
 */
export async function recordEvent(db: Db, at: Date, session: QuizSession, type: QuizEventType, stepId: string | null): Promise<void> {
  const when = at.toISOString();
  const event = sql`insert into quiz_events (session_id, type, step_id, variant, at) values (${session.id}, ${type}, ${stepId}, ${JSON.stringify(session.variants)}::jsonb, ${when})`;
  if (stepId === null || type === "complete") {
    await db.execute(event);
    return;
  }
  const column = type === "view" ? sql.raw("first_viewed_at") : sql.raw("first_answered_at");
  await db.execute(sql`
    with event as (${event})
    insert into quiz_session_steps (session_id, step_id, ${column}) values (${session.id}, ${stepId}, ${when})
    on conflict (session_id, step_id) do update set ${column} = coalesce(quiz_session_steps.${column}, excluded.${column})`);
}
