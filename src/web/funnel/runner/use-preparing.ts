import { useEffect, useState } from "react";
import type { StepOf } from "#schemas/flow/steps.ts";
import { logClient } from "#web/shared/log/log.ts";
import { analyzeStatus, type QuizSessionSync } from "../session/quiz-session.ts";

const POLL_MS = 1000;
/** If the analysis has not finished by then, the visitor moves on anyway rather than wait forever. */
const GIVE_UP_MS = 30_000;

/**
 * Runs a preparing step and reports progress (0–1) over at least the step's `minDurationMs`.
 * When no question is left after it, it completes the session on the server (which scores the
 * answers) and also waits for the analyse status to be ready; a preparing step between questions
 * (e.g. before the e-mail step) only shows the answers being tallied. Calls `done` once, when
 * finished. Pass null when the current step is not a preparing step.
 */
export function usePreparing(
  step: Pick<StepOf<"preparing">, "id" | "minDurationMs"> | null,
  completes: boolean,
  sync: QuizSessionSync,
  done: () => void,
): number {
  const [state, setState] = useState({ step: "", value: 0 });
  const stepId = step?.id ?? null;
  const minDurationMs = step?.minDurationMs ?? 0;

  useEffect(() => {
    if (!stepId) return;
    let ready = !completes;
    let finished = false;
    const started = performance.now();

    const poll = async () => {
      try {
        await sync.complete();
        const sessionId = await sync.id();
        while (!ready && !finished) {
          const { status } = await analyzeStatus();
          if (!sessionId || status === "ready" || status === "none") ready = true;
          else await new Promise((r) => setTimeout(r, POLL_MS));
        }
      } catch (error) {
        logClient("error", "analyse status could not be read", error);
        ready = true;
      }
    };
    if (completes) void poll();

    const timer = window.setInterval(() => {
      const elapsed = performance.now() - started;
      const time = minDurationMs > 0 ? Math.min(1, elapsed / minDurationMs) : 1;
      const value = ready ? time : Math.min(time, 0.92);
      setState({ step: stepId, value });
      if ((value >= 1 || elapsed > GIVE_UP_MS) && !finished) {
        finished = true;
        window.clearInterval(timer);
        done();
      }
    }, 100);
    return () => {
      finished = true;
      window.clearInterval(timer);
    };
    // `done` and `sync` belong to the step being shown; the effect restarts only for a new step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stepId, minDurationMs, completes]);

  return state.step === stepId ? state.value : 0;
}
