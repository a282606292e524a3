import { useCallback } from "react";
import type { StepKind, StepOf } from "#schemas/flow/steps.ts";
import type { Answer, CompiledFlow, FlowContext, FlowEvent } from "#engine/flow/types.ts";
import type { AnswerTools, StepEffect } from "../effects/types.ts";
import type { QuizSessionSync } from "../session/quiz-session.ts";
import { stepAnswered } from "./conversion-moments.ts";

type Handling = Pick<AnswerTools, "setBusy" | "setError"> & { busy: boolean };
type Loaded = Pick<AnswerTools, "plans" | "payment" | "coveringPlan" | "refetchPayment" | "setPlanActive">;

/**
 * What answering the current step does: its kind's effect (src/web/funnel/steps/registry.ts)
 * either saves the answer and moves on (`advance`), or is handed the AnswerTools its handler reads.
 * Nothing is done while an answer is still being handled. `moveOn` moves on with no answer.
 */
export function useAnswer(
  flow: CompiledFlow,
  step: StepOf<StepKind>,
  effect: StepEffect<StepKind>,
  run: { send: (event: FlowEvent) => void; sync: QuizSessionSync; context: Pick<FlowContext, "answers" | "trail"> },
  handling: Handling,
  loaded: Loaded,
) {
  const { send, sync } = run;
  const { answers, trail } = run.context;
  const { busy, setBusy, setError } = handling;
  const advance = useCallback(
    (value: Answer) => {
      setError(null);
      sync.answer(step.id, value);
      stepAnswered(flow, step.id, sync);
      send({ type: "NEXT", value });
    },
    [send, flow, setError, step.id, sync],
  );
  const moveOn = useCallback(() => advance(null), [advance]);
  const { plans, payment, coveringPlan, refetchPayment, setPlanActive } = loaded;
  const onAnswer = useCallback(
    async (value: Answer = null) => {
      if (busy) return;
      if (effect.answer === "advance") return advance(value);
      const tools: AnswerTools = {
        flow,
        answers,
        trail,
        sessionId: () => sync.id(),
        payment,
        coveringPlan,
        plans,
        advance,
        goTo: (id) => send({ type: "GO_TO", step: id }),
        setBusy,
        setError,
        refetchPayment,
        setPlanActive,
      };
      await effect.answer(value, tools);
    },
    [advance, answers, busy, coveringPlan, effect, flow, payment, plans, refetchPayment, send, setBusy, setError, setPlanActive, sync, trail],
  );
  return { onAnswer, moveOn };
}
