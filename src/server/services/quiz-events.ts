import type { Db } from "../db/client.ts";
import { quizEvents } from "../db/schema.ts";
import type { QuizSession } from "./quiz-sessions.ts";

export type QuizEventType = (typeof quizEvents.$inferInsert)["type"];

/**
 * One funnel-analytics event, tagged with the variants the visitor saw, so conversion per step,
 * flow and variant can be counted from the database alone.
 */
export async function recordEvent(db: Db, at: Date, session: QuizSession, type: QuizEventType, stepId: string | null): Promise<void> {
  await db.insert(quizEvents).values({ sessionId: session.id, type, stepId, variant: session.variants, at });
}
