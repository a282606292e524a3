import type { Answer, CompiledFlow } from "#engine/flow/types.ts";
import type { Db } from "../db/client.ts";
import { quizAnswers, quizSessions } from "../db/schema.ts";
import { eq } from "drizzle-orm";
import type { Clock } from "../platform/clock.ts";
import { recordEvent } from "./quiz-events.ts";
import type { QuizSession } from "./quiz-sessions.ts";

/**
 * Stores an (already validated) answer under the flow version and hash it was given in; a second
 * answer to the same step replaces the first. Records an 'answer' event in the same transaction.
 */
export async function saveAnswer(
  db: Db,
  clock: Clock,
  input: {
    session: QuizSession;
    flow: CompiledFlow;
    stepId: string;
    value: Answer;
    /** At the e-mail step: the address's customer, and whether that customer is the one logged in here. */
    customer?: { id: string; confirmed: boolean };
    /** Work that commits with the answer or not at all (the e-mail step's lead event, ADR 056). */
    alsoInTransaction?: (tx: Db) => Promise<void>;
  },
): Promise<void> {
  const now = clock.now();
  const row = { flowVersion: input.flow.version, flowHash: input.flow.hash, value: input.value, answeredAt: now };
  await db.transaction(async (tx) => {
    await tx
      .insert(quizAnswers)
      .values({ sessionId: input.session.id, stepId: input.stepId, ...row })
      .onConflictDoUpdate({ target: [quizAnswers.sessionId, quizAnswers.stepId], set: row });
    await tx
      .update(quizSessions)
      .set({ updatedAt: now, ...(input.customer ? { customerId: input.customer.id, customerConfirmed: input.customer.confirmed } : {}) })
      .where(eq(quizSessions.id, input.session.id));
    await recordEvent(tx, now, input.session, "answer", input.stepId);
    await input.alsoInTransaction?.(tx);
  });
}
