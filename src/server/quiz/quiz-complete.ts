import { eq, sql } from "drizzle-orm";
import { isQuestion } from "#engine/flow/kinds/index.ts";
import { nextStep, type Variants } from "#engine/flow/next-step.ts";
import { scoreAnswers } from "#engine/flow/score.ts";
import type { Answers, CompiledFlow, Scores } from "#engine/flow/types.ts";
import type { Db } from "../db/client.ts";
import { quizSessions } from "../db/schema.ts";
import type { Clock } from "../platform/clock.ts";
import type { QuizSession } from "./quiz-sessions.ts";

const isOptional = (step: CompiledFlow["steps"][number]) => "optional" in step && step.optional === true;

/**
 * The first question on the visitor's path through the flow (following its branches with their
 * answers) that still needs an answer, or null when every one they meet is answered.
 */
function firstUnanswered(flow: CompiledFlow, answers: Answers, variants: Variants): string | null {
  const seen = new Set<string>();
  for (let id: string | null = flow.steps[0]?.id ?? null; id !== null && !seen.has(id); id = nextStep(flow, id, answers, variants)) {
    seen.add(id);
    const step = flow.steps.find((s) => s.id === id);
    if (!step) return null;
    if (isQuestion(step) && !isOptional(step) && !(id in answers)) return id;
  }
  return null;
}

export type Completion = { ok: true; scores: Scores } | { ok: false; missing: string };

/**
 * Scores the stored answers on the server and marks the session ready. Idempotent: a session
 * already completed keeps its first scores and records no second 'complete' event.
 *
 * One statement (atomic without a transaction): the session turns ready only if it was not, and
 * the 'complete' event is written only by the statement that turned it. A transaction here held a
 * connection for four round trips, each waiting for a busy event loop (ADR 040).
 */
export async function completeSession(db: Db, clock: Clock, session: QuizSession, flow: CompiledFlow, answers: Answers): Promise<Completion> {
  if (session.status === "ready" && session.scores) return { ok: true, scores: session.scores };
  const missing = firstUnanswered(flow, answers, session.variants);
  if (missing) return { ok: false, missing };
  const scores = scoreAnswers(flow, answers);
  const now = clock.now().toISOString();
  const result: unknown = await db.execute(sql`
    with done as (
      update quiz_sessions set status = 'ready', scores = ${JSON.stringify(scores)}::jsonb, completed_at = ${now}, updated_at = ${now}
      where id = ${session.id} and status <> 'ready'
      returning id
    ),
    event as (
      insert into quiz_events (session_id, type, step_id, variant, at)
      select id, 'complete', null, ${JSON.stringify(session.variants)}::jsonb, ${now} from done
    )
    select count(*)::int as completed from done`);
  const [row] = (result as { rows: { completed: number | string }[] }).rows;
  if (Number(row?.completed) === 1) return { ok: true, scores };
  // Another call completed it first (the same visitor's second tab): its scores stand.
  const [first] = await db.select({ scores: quizSessions.scores }).from(quizSessions).where(eq(quizSessions.id, session.id));
  return { ok: true, scores: first?.scores ?? scores };
}
