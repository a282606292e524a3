import { useState } from "react";
import type { CompiledFlow, FlowContext } from "#engine/flow/types.ts";
import { logClient } from "#web/shared/log/log.ts";
import { attribution } from "./attribution.ts";
import { QuizSessionSync } from "./quiz-session.ts";
import { useSessionStart } from "./reopened-session.ts";
import type { FlowRun } from "./flow-run.ts";
import { usePersistProgress, type StartPoint } from "./use-flow-actor.ts";

/**
 * The server's session of this run: the sync that sends answers and views to it (started once the
 * runner is on screen, a new one when `initial.fresh`; a re-opened one hands `onReopened` its start
 * point, reopened-session.ts), its id once known, and the run saved in this browser under it.
 */
export function useQuizSession(
  flow: CompiledFlow,
  run: FlowRun,
  shown: Pick<FlowContext, "variants" | "order">,
  initial: { id: string | null; fresh: boolean },
  onReopened: ((start: StartPoint) => void) | undefined,
) {
  const [sync, setSync] = useState(
    () =>
      new QuizSessionSync(
        flow,
        { sessionId: initial.id, variants: shown.variants, order: shown.order, attribution: attribution(), fresh: initial.fresh },
        (message) => logClient("error", message),
      ),
  );
  const [sessionId, setSessionId] = useState(initial.id);
  useSessionStart(sync, run, setSessionId, onReopened);
  usePersistProgress(flow, run, sessionId);
  return { sync, setSync, sessionId, setSessionId };
}
