import { and, eq, ne } from "drizzle-orm";
import { questionKinds } from "../../../schemas/flow/steps.ts";
import { nextStep, type Variants } from "../../engine/flow/next-step.ts";
import { scoreAnswers } from "../../engine/flow/score.ts";
import type { Answers, CompiledFlow, Scores } from "../../engine/flow/types.ts";
import type { Db } from "../db/client.ts";
import { quizSessions } from "../db/schema.ts";
import type { Clock } from "./clock.ts";
import { recordEvent } from "./quiz-events.ts";
import type { QuizSession } from "./quiz-sessions.ts";

const isOptional = (step: CompiledFlow["steps"][number]) => "optional" in step && step.optional === true;

/**
 * The first question on the visitor's path through the flow (following its branches with their
 * answers) that still needs an answer, or null when every one they meet is answered.
 */
export function firstUnanswered(flow: CompiledFlow, answers: Answers, variants: Variants): string | null {
  const seen = new Set<string>();
  for (let id: string | null = flow.steps[0]?.id ?? null; id !== null && !seen.has(id); id = nextStep(flow, id, answers, variants)) {
    seen.add(id);
    const step = flow.steps.find((s) => s.id === id);
    if (!step) return null;
    if (questionKinds.includes(step.kind) && !isOptional(step) && !(id in answers)) return id;
  }
  return null;
}

export type Completion = { ok: true; scores: Scores } | { ok: false; missing: string };

/**
 * Scores the stored answers on the server and marks the session ready. Idempotent: a session
 * already completed keeps its first scores and records no second 'complete' event.
 */
export async function completeSession(db: Db, clock: Clock, session: QuizSession, flow: CompiledFlow, answers: Answers): Promise<Completion> {
  if (session.status === "ready" && session.scores) return { ok: true, scores: session.scores };
  const missing = firstUnanswered(flow, answers, session.variants);
  if (missing) return { ok: false, missing };
  const scores = scoreAnswers(flow, answers);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(quizSessions)
      .set({ status: "ready", scores, completedAt: now, updatedAt: now })
      .where(and(eq(quizSessions.id, session.id), ne(quizSessions.status, "ready")))
      .returning({ scores: quizSessions.scores });
    if (!done) {
      const [row] = await tx.select({ scores: quizSessions.scores }).from(quizSessions).where(eq(quizSessions.id, session.id));
      return { ok: true, scores: row?.scores ?? scores };
    }
    await recordEvent(tx, now, session, "complete", null);
    return { ok: true, scores };
  });
}
