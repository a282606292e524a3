import type { StepKind, StepOf } from "#schemas/flow/steps.ts";
import type { Answer, Answers, CompiledFlow } from "#engine/flow/types.ts";
import type { ProductView } from "#web/shared/money/money.ts";
import type { Payment } from "../frame/view-model.ts";

/**
 * What a step's screen loads while it is shown: the plans on sale, the session's payment state,
 * the report (teaser or paid), how many finished the test (social proof), and the order this
 * browser sent to checkout (polled until paid, then the step moves on).
 */
export type StepNeed = "plans" | "payment" | "report" | "stats" | "paid_return";

/**
 * Everything the runner offers an answer handler besides the answer. A handler takes only the
 * fields it reads, named in its own file (`AnswerContext<"advance" | "setError">`), so its type says
 * what it depends on and a change to one effect is read in one file.
 */
export type AnswerTools = {
  flow: CompiledFlow;
  answers: Answers;
  /** The steps the visitor has taken, in order. */
  trail: readonly string[];
  /** The server session's id, once it is started (null: it could not be). */
  sessionId: () => Promise<string | null>;
  payment: Payment | undefined;
  coveringPlan: string | undefined;
  plans: ProductView[] | undefined;
  /** Saves the answer and moves on. */
  advance: (value: Answer) => void;
  goTo: (stepId: string) => void;
  setBusy: (busy: boolean) => void;
  /** A problem to show on this step, or on the step named by `at`. */
  setError: (message: string | null, at?: string) => void;
  refetchPayment: () => Promise<unknown>;
  setPlanActive: () => void;
};

/** The part of AnswerTools a handler reads. */
export type AnswerContext<F extends keyof AnswerTools> = Pick<AnswerTools, F>;

/**
 * The side of a step kind the runner plays (src/web/funnel/FunnelRunner.tsx), beside its renderer
 * in the registry (src/web/funnel/steps/registry.ts): every field is required, so a new kind must
 * say its effect, even "none". `F` names the AnswerTools its answer handler reads.
 */
export type StepEffect<K extends StepKind, F extends keyof AnswerTools = keyof AnswerTools> = {
  needs: (step: StepOf<K>) => readonly StepNeed[];
  /** What answering does: "advance" saves the answer and moves on; a handler does more first (and moves on when it should). */
  answer: "advance" | ((value: Answer, ctx: AnswerContext<F>) => Promise<void> | void);
  /** A step that runs the analysis while shown and moves on by itself when it is done (its id and least time on screen), or null. */
  analysis: ((step: StepOf<K>) => { id: string; minDurationMs: number }) | null;
};

/** Kinds whose answer is saved and the flow moves on: nothing else. */
export const none = { needs: () => [], answer: "advance", analysis: null } as const satisfies StepEffect<StepKind>;
