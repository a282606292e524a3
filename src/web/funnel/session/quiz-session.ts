import type { ShownOrder } from "#schemas/flow/shuffle.ts";
import type { Answer, Answers } from "#engine/flow/types.ts";
import { api, ApiError } from "#web/shared/api/client.ts";
import { nextTask } from "../runner/after-this-task.ts";

export type Attribution = { utm?: Record<string, string>; fbclid?: string; ttclid?: string };
/** The server's session as POST /quiz/sessions answers it: a new one, or the visitor's re-opened one with what it holds. */
export type StartedSession = { id: string; flow_code: string; answers: Answers; variants: Record<string, string>; order: ShownOrder | null };
export type AnalyzeStatus = { status: "none" | "in_progress" | "analyzing" | "ready"; session_id: string | null };
export type ResumedSession = {
  session_id: string;
  flow_code: string;
  flow_hash: string;
  answers: Answers;
  variants: Record<string, string>;
  /** The order of shuffled options and groups the session was shown (ADR 067); null for a flow that shuffles nothing. */
  order: ShownOrder | null;
};

/**
 * Keeps the server's copy of a quiz session in step with the visitor: answers are saved in the
 * order given (one queue), a failed save is retried once and then reported, and completion waits
 * for every answer before it. The visitor never waits on these calls except at completion, and
 * each starts in a task after the one that asked for it, so the next step is drawn first (ADR 042).
 */
export class QuizSessionSync {
  private queue: Promise<unknown> = Promise.resolve();
  private session: Promise<{ id: string } | StartedSession | null> | null = null;

  /** Nothing is sent until the session is first needed (`id()`, from an effect): a page rendered on the server starts none. */
  constructor(
    private readonly flow: { code: string; hash: string },
    /** `fresh`: a new session even where the server would re-open the visitor's run (the restart link, ADR 077). */
    private readonly start: { sessionId: string | null; variants: Record<string, string>; order?: ShownOrder; attribution: Attribution; fresh?: boolean },
    private readonly onError: (message: string) => void,
  ) {}

  /** The server's session id once started (null if it could not start); the first call starts it. */
  async id(): Promise<string | null> {
    return (await this.started())?.id ?? null;
  }

  /**
   * The session as the server started or re-opened it, with what it holds (null if it could not
   * start); only its id when the runner came with one.
   */
  started(): Promise<{ id: string } | StartedSession | null> {
    return (this.session ??= this.start.sessionId
      ? Promise.resolve({ id: this.start.sessionId })
      : api
          .post<StartedSession>("/quiz/sessions", {
            flow_code: this.flow.code,
            flow_hash: this.flow.hash,
            variants: this.start.variants,
            ...(this.start.order ? { order: this.start.order } : {}),
            attribution: this.start.attribution,
            ...(this.start.fresh ? { fresh: true } : {}),
          })
          .catch((error: unknown) => {
            this.onError(`quiz session could not start: ${describe(error)}`);
            return null;
          }));
  }

  answer(stepId: string, value: Answer): void {
    this.enqueue(`answer ${stepId}`, (id) => api.post(`/quiz/sessions/${id}/answers`, { step_id: stepId, value, flow_hash: this.flow.hash }));
  }

  viewed(stepId: string): void {
    this.enqueue(`view ${stepId}`, (id) => api.post(`/quiz/sessions/${id}/events`, { type: "view", step_id: stepId }), false);
  }

  /** Scores the session on the server once every answer before it is saved. */
  async complete(): Promise<void> {
    this.enqueue("complete", (id) => api.post(`/quiz/sessions/${id}/complete`, {}));
    await this.queue;
  }

  private enqueue(what: string, call: (id: string) => Promise<unknown>, retry = true): void {
    this.queue = this.queue.then(async () => {
      await nextTask();
      const id = await this.id();
      if (!id) return;
      const attempts = retry ? 2 : 1;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          return await call(id);
        } catch (error) {
          const final = attempt === attempts || (error instanceof ApiError && error.status >= 400 && error.status < 500);
          if (final) return this.onError(`quiz ${what} failed: ${describe(error)}`);
        }
      }
    });
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const analyzeStatus = () => api.get<AnalyzeStatus>("/quiz-analyze/get-latest-result-analyze-status");

export const resumeSession = (token: string) => api.post<ResumedSession>("/quiz/sessions/resume", { token });

export const prepareCabinet = (email: string) => api.post<{ ok: true }>("/customer/prepare-cabinet", { email });

/**
 * After "Not you? Log out" at the e-mail step: this browser goes on as a new visitor, in a new
 * session (the old one stays the logged-out customer's) holding the answers given so far, in the
 * flow's order, except the e-mail. The e-mail step comes before the quiz is scored, so the runner's
 * preparing step completes the new session as it would have the old one.
 */
export function restartAsNewVisitor(
  flow: { code: string; hash: string; steps: readonly { id: string; kind: string }[] },
  start: { answers: Answers; variants: Record<string, string>; order?: ShownOrder; attribution: Attribution },
  onError: (message: string) => void,
): QuizSessionSync {
  const sync = new QuizSessionSync(flow, { sessionId: null, variants: start.variants, order: start.order, attribution: start.attribution }, onError);
  for (const step of flow.steps) if (step.kind !== "email" && step.id in start.answers) sync.answer(step.id, start.answers[step.id]!);
  return sync;
}
