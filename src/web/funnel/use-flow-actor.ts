import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo } from "react";
import { createFlowMachine, currentStep } from "#engine/flow/machine.ts";
import type { Answers, CompiledFlow } from "#engine/flow/types.ts";
import { assignVariants } from "#engine/flow/variant.ts";
import { afterThisTask } from "./after-this-task.ts";
import { carriedAnswers, readProgress, writeProgress } from "./persistence.ts";
import { visitorId } from "./visitor-id.ts";

export type StartPoint = { answers?: Answers; variants?: Record<string, string>; sessionId?: string | null };

/**
 * The visitor's running flow: restored from local storage when the saved snapshot belongs to
 * this flow version, otherwise started from the carried-over answers (or from `startPoint`, a
 * session resumed from an e-mailed link). Every change is saved again.
 */
export function useFlowActor(flow: CompiledFlow, startPoint?: StartPoint) {
  const machine = useMemo(() => createFlowMachine(flow), [flow]);
  const initial = useMemo(() => {
    const saved = startPoint ? null : readProgress(flow.code);
    const variants = assignVariants(
      visitorId(),
      flow.experiments,
      startPoint?.variants ?? (saved?.snapshot.context as { variants?: Record<string, string> } | undefined)?.variants,
    );
    if (saved && saved.hash === flow.hash) return { snapshot: saved.snapshot, input: { variants }, sessionId: saved.sessionId };
    const answers = startPoint?.answers ?? (saved ? carriedAnswers(flow, saved) : {});
    return { snapshot: undefined, input: { answers, variants }, sessionId: startPoint?.sessionId ?? saved?.sessionId ?? null };
  }, [flow, startPoint]);

  const actor = useActorRef(machine, { input: initial.input, ...(initial.snapshot ? { snapshot: initial.snapshot } : {}) });
  const snapshot = useSelector(actor, (s) => s);

  return { actor, snapshot, stepId: currentStep(snapshot), initialSessionId: initial.sessionId };
}

/**
 * Saves the snapshot after every change: in a task after the change (a burst of changes is saved
 * once), so the frame showing the next step does not wait for the write (ADR 042); at once when the
 * page is hidden or left, or the runner goes, so a reload or a closed tab finds it.
 */
export function usePersistProgress(flow: CompiledFlow, actor: ReturnType<typeof useFlowActor>["actor"], sessionId: string | null) {
  useEffect(() => {
    let cancel: (() => void) | null = null;
    const save = () => {
      cancel?.();
      cancel = null;
      writeProgress(flow.code, { hash: flow.hash, snapshot: actor.getPersistedSnapshot(), sessionId });
    };
    const saveSoon = () => {
      cancel ??= afterThisTask(save);
    };
    const saveNow = () => {
      if (cancel) save();
    };
    const onHidden = () => {
      if (document.visibilityState === "hidden") saveNow();
    };
    save();
    const subscription = actor.subscribe(saveSoon);
    window.addEventListener("pagehide", saveNow);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener("pagehide", saveNow);
      document.removeEventListener("visibilitychange", onHidden);
      saveNow();
    };
  }, [flow, actor, sessionId]);
}
